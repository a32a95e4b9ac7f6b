import { Card, CardContent, IconButton, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { UserAvatar } from '../../components/UserAvatar';
import { WhenNear } from '../../components/WhenNear';
import { lazyNamed } from '../../lib/lazy-named';
import { useBranding } from '../branding/BrandingProvider';
import { useScreenTitle } from '../branding/use-screen-title';
import { FoodLookup } from '../foods/FoodLookup';
import { MealBuilderEntry } from '../meals/MealBuilderEntry';
import { MEAL_FAB_ROOM, MealFab } from '../meals/MealFab';
import { useMealDialogs } from '../meals/use-meal-dialogs';
import { useSessionExpiredHandler } from '../session/use-unauthorized';
import { useSession } from '../session/use-session';
import { SubscriptionBanner } from '../subscription/SubscriptionBanner';
import { useSubscriptionStatus } from '../subscription/use-subscription-status';
import { SymptomCheck } from '../symptoms/SymptomCheck';
import { TodayOverview } from './TodayOverview';

// Their code loads as the page scrolls near them, not with the first screen's. The symptom check is on the first
// screen (issue 18), so it comes with the page: as a section of its own it was loaded at once anyway, a request later.
const TodayMeals = lazyNamed(() => import('../meals/TodayMeals'), 'TodayMeals');
const LearnAndTips = lazyNamed(() => import('../education/LearnAndTips'), 'LearnAndTips');

/** Spec §2 Dashboard (home): the spec's sections, the symptom check moved up under the day's overview (issue 18). */
export function DashboardPage() {
  useScreenTitle('Dashboard');
  const { displayName } = useBranding();
  const { user } = useSession();
  const subscription = useSubscriptionStatus();
  const handleSessionExpired = useSessionExpiredHandler();
  const meals = useMealDialogs();

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
      <ScreenBody roomBelow={MEAL_FAB_ROOM}>
        <SubscriptionBanner subscription={subscription.data} />
        <TodayOverview />
        {/* Near the top: logging how one feels is the dashboard's quickest task, a tap from opening the app. */}
        <SymptomCheck />
        <MealBuilderEntry onOpen={meals.builder.open} count={meals.builder.items.length} />
        <Card variant="outlined" component="section" aria-labelledby="food-lookup-title">
          <CardContent>
            <Typography id="food-lookup-title" variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
              Food lookup
            </Typography>
            <FoodLookup onUnauthorized={handleSessionExpired} onAddToMeal={meals.addAsMeal} onAddToBuilder={meals.builder.add} />
          </CardContent>
        </Card>
        <WhenNear label="Today's meals" height={140}>
          <TodayMeals onUnauthorized={handleSessionExpired} onStart={meals.builder.open} />
        </WhenNear>
        <WhenNear label="Learn & Tips" height={216}>
          <LearnAndTips />
        </WhenNear>
      </ScreenBody>
      <MealFab onClick={meals.builder.open} count={meals.builder.items.length} />
      {meals.dialogs}
    </>
  );
}
