import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { accountRoutes, Messages, PHOTO_TYPES, type User } from '@fodmap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, type ChangeEvent } from 'react';
import { useToast } from '@fodmap/web-ui';
import { UserAvatar } from '../../components/UserAvatar';
import { callRoute, serverMessage } from '@fodmap/web-client';
import { currentUserKey } from '../session/use-session';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { photoProblem } from './photo-problem';

/** Spec §2 Profile: photo, name, email and the Change Photo action. */
export function ProfileCard({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const { toast, toastMessage } = useToast();
  const queryClient = useQueryClient();
  const handleUnauthorized = useUnauthorizedHandler();

  const upload = useMutation({
    mutationFn: (photo: File) => callRoute(accountRoutes.uploadPhoto, { file: photo }),
    // Re-read the user rather than trust the upload's answer to carry the whole of it.
    onSuccess: () => {
      toast({ title: Messages.photoUpdated });
      return queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
    onError: (error) => {
      if (!handleUnauthorized(error)) toast({ title: Messages.uploadFailed, description: serverMessage(error, Messages.photoUploadFailed), variant: 'destructive' });
    },
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clearing lets the same file be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) toastMessage(problem, 'destructive');
    else upload.mutate(file);
  };

  const fullName = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || Messages.defaultUserName;

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1.5} alignItems="center" textAlign="center">
          <UserAvatar user={user} size={96} />
          <div>
            <Typography variant="h6" component="h2">
              {fullName}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
          </div>
          <input ref={input} type="file" accept={PHOTO_TYPES.join(',')} hidden onChange={choose} data-testid="photo-input" />
          <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => input.current?.click()} disabled={upload.isPending}>
            Change Photo
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
