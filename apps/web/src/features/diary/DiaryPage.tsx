import MenuBookIcon from '@mui/icons-material/MenuBook';
import { EmptyState } from '../../components/EmptyState';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useScreenTitle } from '../branding/use-screen-title';

/** Spec §2 Diary: every meal and the full symptom log. */
export function DiaryPage() {
  useScreenTitle('Food Diary');
  return (
    <>
      <ScreenHeader title="Food Diary" />
      <ScreenBody>
        <EmptyState icon={<MenuBookIcon />} title="Your diary">
          Every meal you log and every symptom you record will be listed here, newest first.
        </EmptyState>
      </ScreenBody>
    </>
  );
}
