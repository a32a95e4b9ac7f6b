import SearchIcon from '@mui/icons-material/Search';
import { EmptyState } from '../../components/EmptyState';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';

/** Spec §2 Food Search: the full food lookup. */
export function SearchPage() {
  return (
    <>
      <ScreenHeader title="Food Search" />
      <ScreenBody>
        <EmptyState icon={<SearchIcon />} title="Look up a food">
          Foods with their FODMAP rating and IBS/IBD trigger information will appear here, ready to add to a meal.
        </EmptyState>
      </ScreenBody>
    </>
  );
}
