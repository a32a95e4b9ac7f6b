import { Button, CircularProgress, Stack } from '@mui/material';
import { emailRoutes, NotificationsMessages, type User } from '@fodmap/contracts';
import { callRoute, serverMessage } from '@fodmap/web-client';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '@fodmap/web-ui';
import { useUnauthorizedHandler } from '../session/use-unauthorized';

/** A button that shows it is working and takes no second tap until the answer is in. */
function PendingButton({ pending, onClick, children }: { pending: boolean; onClick: () => void; children: string }) {
  return (
    <Button variant="outlined" fullWidth onClick={onClick} disabled={pending} startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
      {children}
    </Button>
  );
}

/**
 * Spec §2 Profile: the Email Notifications card's three test buttons. The server sends to the signed-in person only,
 * whatever the body names, and limits how often (a 429 whose words the failure toast shows).
 */
export function TestEmailButtons({ user }: { user: User }) {
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const failed = (title: string) => (error: Error) => {
    if (!handleUnauthorized(error)) toast({ title, description: serverMessage(error, '') || undefined, variant: 'destructive' });
  };
  const sent = (title: string) => () => toast({ title, description: NotificationsMessages.testEmailSentTo(user.email) });

  const daily = useMutation({
    mutationFn: () => callRoute(emailRoutes.testDailySummary),
    onSuccess: sent(NotificationsMessages.testEmailSent),
    onError: failed(NotificationsMessages.testEmailFailed),
  });
  const meal = useMutation({
    mutationFn: () => callRoute(emailRoutes.testMealEmail, { body: { email: user.email, userId: user.id } }),
    onSuccess: sent(NotificationsMessages.testMealEmailSent),
    onError: failed(NotificationsMessages.testMealEmailFailed),
  });
  const link = useMutation({ mutationFn: () => callRoute(emailRoutes.testSymptomLink) });

  const openLink = () => {
    // Opened inside the tap, before any await: a popup blocker allows only that. The link's address follows.
    const tab = window.open('', '_blank');
    link.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (tab) tab.location.href = url;
        // Blocked all the same: the link opens here instead of not at all.
        else window.location.assign(url);
      },
      onError: (error) => {
        tab?.close();
        failed(NotificationsMessages.testLinkFailed)(error);
      },
    });
  };

  return (
    <Stack spacing={1}>
      <PendingButton pending={daily.isPending} onClick={() => daily.mutate()}>
        {NotificationsMessages.sendTestDaily}
      </PendingButton>
      <PendingButton pending={meal.isPending} onClick={() => meal.mutate()}>
        {NotificationsMessages.sendTestMeal}
      </PendingButton>
      <PendingButton pending={link.isPending} onClick={openLink}>
        {NotificationsMessages.openTestLink}
      </PendingButton>
    </Stack>
  );
}
