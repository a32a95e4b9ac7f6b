import { Card, CardContent, IconButton, Typography } from '@mui/material';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { UserAvatar } from '../../components/UserAvatar';
import { useBranding } from '../branding/BrandingProvider';
import { FoodLookup } from '../foods/FoodLookup';
import { useSessionExpiredHandler } from '../session/use-unauthorized';
import { useSession } from '../session/use-session';
import { SubscriptionBanner } from '../subscription/SubscriptionBanner';
import { useSubscriptionStatus } from '../subscription/use-subscription-status';
import { useScreenTitle } from '../branding/use-screen-title';

/**
 * Spec §2 Dashboard (home). The journal sections (today's overview, meals, symptom check, learn & tips) slot in
 * below the banner as their features land.
 */
export function DashboardPage() {
  useScreenTitle('Dashboard');
  const { displayName } = useBranding();
  const { user } = useSession();
  const subscription = useSubscriptionStatus();
  const handleSessionExpired = useSessionExpiredHandler();

  useEffect(() => {
    if (subscription.error) handleSessionExpired(subscription.error);
  }, [subscription.error, handleSessionExpired]);

  if (!user) return null;

  return (
    <>
      <ScreenHeader
        title={displayName}
        subtitle={user.firstName ? `Hi, ${user.firstName}` : user.email}
        end={
          <IconButton component={RouterLink} to="/profile" aria-label="Profile" sx={{ p: 0.5 }}>
            <UserAvatar user={user} />
          </IconButton>
        }
      />
      <ScreenBody>
        <SubscriptionBanner subscription={subscription.data} />
        <EmptyState icon={<RestaurantIcon />} title="Today">
          Your meals, symptoms and FODMAP score for today will appear here once you start logging.
        </EmptyState>
        <Card variant="outlined" component="section" aria-labelledby="food-lookup-title">
          <CardContent>
            <Typography id="food-lookup-title" variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
              Food lookup
            </Typography>
            <FoodLookup onUnauthorized={handleSessionExpired} />
          </CardContent>
        </Card>
      </ScreenBody>
    </>
  );
}
