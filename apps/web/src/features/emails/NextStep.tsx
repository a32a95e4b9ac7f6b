import { Button } from '@mui/material';
import { NotificationsMessages } from '@fodmap/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../session/use-session';

/**
 * Where an emailed link's page sends the person next: into the app when signed in, else to sign in. Nothing until the
 * session is known, so the button never changes under a thumb.
 */
export function NextStep({ signedInTo, signedInLabel, primary = false }: { signedInTo: string; signedInLabel: string; primary?: boolean }) {
  const { user, isLoading } = useSession();
  if (isLoading) return null;
  const [to, label] = user ? [signedInTo, signedInLabel] : ['/login', NotificationsMessages.linkSignIn];
  return (
    <Button component={RouterLink} to={to} variant={primary ? 'contained' : 'outlined'} size="large" fullWidth>
      {label}
    </Button>
  );
}
