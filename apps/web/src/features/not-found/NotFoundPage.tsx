import { Button, Stack, Typography } from '@mui/material';
import { Messages } from '@fodmap/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { useScreenTitle } from '../branding/use-screen-title';

/** Spec §2: any path the app does not know. */
export function NotFoundPage() {
  useScreenTitle(Messages.notFound);
  return (
    <Stack spacing={2} alignItems="center" justifyContent="center" sx={{ flex: 1, p: 3, textAlign: 'center' }}>
      <Typography variant="h2" component="p" color="text.disabled" fontWeight={700} aria-hidden>
        404
      </Typography>
      <Typography variant="h5" component="h1">
        {Messages.notFound}
      </Typography>
      <Typography color="text.secondary">The page you are looking for does not exist or has moved.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go Home
      </Button>
    </Stack>
  );
}
