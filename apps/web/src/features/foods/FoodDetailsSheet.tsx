import { Alert, Box, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { Food, FoodSummary } from '@fodmap/contracts';
import { useEffect, useId } from 'react';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { PHONE_MAX_WIDTH } from '../../components/PhoneFrame';
import { serverMessage } from '@fodmap/web-client';
import { FoodDetails } from './FoodDetails';
import { useFood } from './foods-api';

const isFullFood = (food: Food | FoodSummary): food is Food => 'citations' in food;

function LoadedDetails({ food, onUnauthorized }: { food: Food | FoodSummary; onUnauthorized: (error: unknown) => boolean }) {
  // A list row carries only the summary; the details come from the food's own read.
  const details = useFood(food.id, isFullFood(food) ? food : undefined);
  useEffect(() => {
    if (details.error) onUnauthorized(details.error);
  }, [details.error, onUnauthorized]);

  if (details.data) return <FoodDetails food={details.data} />;
  if (details.error) return <Alert severity="error">{serverMessage(details.error, 'Could not load this food. Please try again.')}</Alert>;
  return <CenteredSpinner />;
}

/** A bottom sheet, within thumb reach, with one food's details. */
export function FoodDetailsSheet({ food, onClose, onUnauthorized }: { food: Food | FoodSummary | null; onClose: () => void; onUnauthorized: (error: unknown) => boolean }) {
  const titleId = useId();
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
            <LoadedDetails food={food} onUnauthorized={onUnauthorized} />
          </Box>
        </>
      )}
    </Drawer>
  );
}
