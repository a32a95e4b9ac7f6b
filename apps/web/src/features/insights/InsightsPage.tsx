import InsightsIcon from '@mui/icons-material/Insights';
import { EmptyState } from '../../components/EmptyState';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useScreenTitle } from '../branding/use-screen-title';

/** Spec §2 Insights: activity over a period and food-symptom correlations. */
export function InsightsPage() {
  useScreenTitle('Insights');
  return (
    <>
      <ScreenHeader title="Insights" />
      <ScreenBody>
        <EmptyState icon={<InsightsIcon />} title="Your patterns">
          Daily FODMAP risk, symptom counts and the foods most often followed by symptoms will appear here as you log
          meals and symptoms.
        </EmptyState>
      </ScreenBody>
    </>
  );
}
