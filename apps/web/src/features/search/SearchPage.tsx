import { Typography } from '@mui/material';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { FoodLookup } from '../foods/FoodLookup';
import { useCatalogueInfo } from '../foods/foods-api';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { useScreenTitle } from '../branding/use-screen-title';

const count = new Intl.NumberFormat('en');

/** Spec §2 Food Search: the full food lookup. The floating meal button arrives with the meal builder. */
export function SearchPage() {
  useScreenTitle('Food Search');
  const handleUnauthorized = useUnauthorizedHandler();
  const catalogue = useCatalogueInfo();
  return (
    <>
      <ScreenHeader title="Food Search" />
      <ScreenBody>
        <FoodLookup full onUnauthorized={handleUnauthorized} />
        {catalogue.data?.version && (
          <Typography variant="caption" color="text.secondary" align="center">
            Food catalogue {catalogue.data.version} · {count.format(catalogue.data.foodCount)} foods, each rating with its sources
          </Typography>
        )}
      </ScreenBody>
    </>
  );
}
