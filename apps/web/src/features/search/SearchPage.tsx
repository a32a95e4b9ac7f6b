import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { FoodLookup } from '../foods/FoodLookup';
import { useUnauthorizedHandler } from '../session/use-unauthorized';

/** Spec §2 Food Search: the full food lookup. The floating meal button arrives with the meal builder. */
export function SearchPage() {
  const handleUnauthorized = useUnauthorizedHandler();
  return (
    <>
      <ScreenHeader title="Food Search" />
      <ScreenBody>
        <FoodLookup full onUnauthorized={handleUnauthorized} />
      </ScreenBody>
    </>
  );
}
