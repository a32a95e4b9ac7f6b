import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useScreenTitle } from '../branding/use-screen-title';
import { FoodLookup } from '../foods/FoodLookup';
import { useCatalogueInfo } from '../foods/foods-api';
import { MEAL_FAB_ROOM, MealFab } from '../meals/MealFab';
import { useMealDialogs } from '../meals/use-meal-dialogs';
import { useUnauthorizedHandler } from '../session/use-unauthorized';

const count = new Intl.NumberFormat('en');

/** Spec §2 Food Search: the full food lookup and the floating meal button. */
export function SearchPage() {
  useScreenTitle('Food Search');
  const handleUnauthorized = useUnauthorizedHandler();
  const catalogue = useCatalogueInfo();
  const meals = useMealDialogs();
  return (
    <>
      <ScreenHeader title="Food Search" />
      <ScreenBody roomBelow={MEAL_FAB_ROOM}>
        {catalogue.data?.whatsNew && (
          <Link component={RouterLink} to="/food-data" variant="body2" sx={{ alignSelf: 'flex-end' }}>
            What's new in the food data
          </Link>
        )}
        <FoodLookup full onUnauthorized={handleUnauthorized} onAddToMeal={meals.addAsMeal} onAddToBuilder={meals.builder.add} />
        {catalogue.data?.version && (
          <Typography variant="caption" color="text.secondary" align="center">
            Food catalogue {catalogue.data.version} · {count.format(catalogue.data.foodCount)} foods, each rating with its sources
          </Typography>
        )}
      </ScreenBody>
      <MealFab onClick={meals.builder.open} count={meals.builder.items.length} />
      {meals.dialogs}
    </>
  );
}
