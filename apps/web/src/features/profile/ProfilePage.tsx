import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { LegalFooter } from '../../components/LegalFooter';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useSession } from '../session/use-session';
import { AccountSecurity } from './AccountSecurity';
import { DeleteAccount } from './DeleteAccount';
import { DataExport } from './DataExport';
import { NotificationSettings } from './NotificationSettings';
import { ProfileCard } from './ProfileCard';
import { useSignOut } from './use-sign-out';
import { YourAnswers } from './YourAnswers';
import { useScreenTitle } from '../branding/use-screen-title';

/** Spec §9: the version the About section shows. */
const APP_VERSION = '1.0.0';

/** Spec §2 Profile. */
export function ProfilePage() {
  useScreenTitle('Profile');
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) return null;

  return (
    <>
      <ScreenHeader title="Profile" />
      <ScreenBody>
        <ProfileCard user={user} />
        <YourAnswers user={user} />
        <NotificationSettings user={user} />
        <DataExport />
        <AccountSecurity />
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
              Account
            </Typography>
            <Button variant="outlined" color="error" startIcon={<LogoutIcon />} fullWidth onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              Sign Out
            </Button>
            <DeleteAccount />
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" justifyContent="space-between" alignItems="baseline">
              <Typography variant="subtitle1" component="h2" fontWeight={600}>
                About
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Version {APP_VERSION}
              </Typography>
            </Stack>
          </CardContent>
        </Card>
        <LegalFooter />
      </ScreenBody>
    </>
  );
}
