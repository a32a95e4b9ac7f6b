import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import RestaurantIcon from '@mui/icons-material/Restaurant';

/** Spec §2 Dashboard: the way into 'Build Your Meal'. */
export function MealBuilderEntry({ onOpen, count }: { onOpen: () => void; count: number }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="meal-builder-entry-title">
      <CardContent>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <RestaurantIcon color="primary" aria-hidden />
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <Typography id="meal-builder-entry-title" variant="subtitle1" component="h2" fontWeight={600}>
              Build Your Meal
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {count > 0 ? `${count} food${count === 1 ? '' : 's'} waiting to be saved` : 'Put together a meal from several foods and see its FODMAP risk.'}
            </Typography>
          </Stack>
        </Stack>
        <Button variant="contained" fullWidth size="large" onClick={onOpen} sx={{ mt: 1.5 }}>
          {count > 0 ? 'Continue meal' : 'Start a meal'}
        </Button>
      </CardContent>
    </Card>
  );
}
