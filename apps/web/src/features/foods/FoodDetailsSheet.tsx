import { Alert, Box, Button, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { Food, FoodSummary } from '@fodmap/contracts';
import { useEffect, useId } from 'react';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { PHONE_MAX_WIDTH } from '../../components/PhoneFrame';
import { serverMessage } from '@fodmap/web-client';
import { FoodDetails } from './FoodDetails';
import { useFood } from './foods-api';
import { useBackToClose } from '../../lib/use-back-to-close';

const isFullFood = (food: Food | FoodSummary): food is Food => 'citations' in food;

/** What a person can do with a food they are reading about: log it alone, or put it in the meal they are building. */
export interface FoodMealActions {
  onAddToMeal: (food: Food) => void;
  onAddToBuilder: (food: Food) => void;
}

function LoadedDetails({ food, onUnauthorized, meals }: { food: Food | FoodSummary; onUnauthorized: (error: unknown) => boolean; meals?: FoodMealActions }) {
  // A list row carries only the summary; the details come from the food's own read.
  const details = useFood(food.id, isFullFood(food) ? food : undefined);
  useEffect(() => {
    if (details.error) onUnauthorized(details.error);
  }, [details.error, onUnauthorized]);

  const loaded = details.data;
  if (loaded) {
    return (
      <Stack spacing={2}>
        {meals && (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" size="large" sx={{ flex: 1 }} onClick={() => meals.onAddToMeal(loaded)}>
              Add to meal
            </Button>
            <Button variant="outlined" size="large" sx={{ flex: 1 }} onClick={() => meals.onAddToBuilder(loaded)}>
              Add to builder
            </Button>
          </Stack>
        )}
        <FoodDetails food={loaded} />
      </Stack>
    );
  }
  if (details.error) return <Alert severity="error">{serverMessage(details.error, 'Could not load this food. Please try again.')}</Alert>;
  return <CenteredSpinner />;
}

/** A bottom sheet, within thumb reach, with one food's details. */
export function FoodDetailsSheet({
  food,
  onClose,
  onUnauthorized,
  meals,
}: {
  food: Food | FoodSummary | null;
  onClose: () => void;
  onUnauthorized: (error: unknown) => boolean;
  meals?: FoodMealActions;
}) {
  const titleId = useId();
  useBackToClose(food !== null, onClose);
  return (
    <Drawer
      anchor="bottom"
      open={food !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { maxWidth: PHONE_MAX_WIDTH, mx: 'auto', maxHeight: '92dvh', borderTopLeftRadius: 16, borderTopRightRadius: 16 },
        },
      }}
    >
      {food && (
        <>
          <Stack direction="row" alignItems="center" spacing={1} sx={{ position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper', px: 2, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
              {food.name}
            </Typography>
            <IconButton onClick={onClose} aria-label="Close" edge="end">
              <CloseIcon />
            </IconButton>
          </Stack>
          <Box sx={{ px: 2, pt: 2, pb: 'calc(24px + env(safe-area-inset-bottom))' }}>
            <LoadedDetails
              food={food}
              onUnauthorized={onUnauthorized}
              // Either way the sheet makes room for the meal's dialog.
              meals={
                meals && {
                  onAddToMeal: (chosen) => {
                    onClose();
                    meals.onAddToMeal(chosen);
                  },
                  onAddToBuilder: (chosen) => {
                    onClose();
                    meals.onAddToBuilder(chosen);
                  },
                }
              }
            />
          </Box>
        </>
      )}
    </Drawer>
  );
}
