import { Alert, Button } from '@mui/material';
import { AccountMessages } from '@fodmap/contracts';
import { useResendVerification } from './resend-verification';

/** Issue 20: shown in the app shell until the signed-in person opens their confirmation link. Its own chunk. */
export function VerifyEmailBanner() {
  const resend = useResendVerification();
  return (
    <Alert
      severity="info"
      square
      action={
        <Button color="inherit" size="small" disabled={resend.isPending} onClick={() => resend.mutate()}>
          Resend link
        </Button>
      }
    >
      {AccountMessages.verifyEmailBanner}
    </Alert>
  );
}
