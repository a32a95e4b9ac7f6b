import { Button, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { FOOD_NAME_MAX_LENGTH, FOOD_TYPES, foodRoutes, Messages, QUICK_ADD_FODMAP_RATINGS, quickAddFoodSchema, type Food, type QuickAddFoodInput } from '@fodmap/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useToast } from '@fodmap/web-ui';
import { callRoute, newIdempotencyKey, serverMessage } from '@fodmap/web-client';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { readable } from './FoodDetails';
import { useRefreshFoods } from './foods-api';

interface FormValues {
  name: string;
  fodmapRating: string;
  description: string;
  servingSize: string;
  foodType: string;
}

/** The reply should be the created food; one without an id or a name (spec §8: an unexpected response) cannot be shown or picked. */
const asCreatedFood = (reply: Food | null): Food | null => (typeof reply?.id === 'number' && typeof reply.name === 'string' ? reply : null);

/** Spec §5 New food form, in a dialog of its own or a tab of the add-foods dialog. */
export function NewFoodForm({ initialName, onClose, onCreated, titleId }: { initialName: string; onClose: () => void; onCreated: (food: Food) => void; titleId: string }) {
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const refreshFoods = useRefreshFoods();
  const [values, setValues] = useState<FormValues>({ name: initialName, fodmapRating: '', description: '', servingSize: '', foodType: '' });
  const set = (field: keyof FormValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  // The contract's schema is the one judge of a valid food, here and on the server.
  const parsed = quickAddFoodSchema.safeParse(values);
  const problems = parsed.success ? {} : parsed.error.flatten().fieldErrors;

  const create = useMutation({
    mutationFn: (input: QuickAddFoodInput) => callRoute(foodRoutes.quickAdd, { body: input, idempotencyKey: newIdempotencyKey() }),
    onSuccess: (reply) => {
      const food = asCreatedFood(reply);
      void refreshFoods(food ?? undefined);
      if (!food) {
        toast({ title: Messages.createdFoodNotSelected });
        onClose();
        return;
      }
      toast({ title: Messages.foodAdded, description: Messages.foodAddedDescription(food.name) });
      onCreated(food);
    },
    onError: (error) => {
      if (!handleUnauthorized(error)) toast({ title: Messages.createFoodFailed, description: serverMessage(error, ''), variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success) create.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>New Food</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Food Name"
            value={values.name}
            onChange={set('name')}
            required
            helperText={problems.name?.[0]}
            slotProps={{ htmlInput: { maxLength: FOOD_NAME_MAX_LENGTH, autoCapitalize: 'sentences' } }}
          />
          <TextField label="FODMAP Rating" value={values.fodmapRating} onChange={set('fodmapRating')} required select helperText={problems.fodmapRating?.[0]} slotProps={{ select: { native: true } }}>
            <option value="" disabled>
              Choose a rating
            </option>
            {QUICK_ADD_FODMAP_RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {readable(rating)}
              </option>
            ))}
          </TextField>
          <TextField label="Description" value={values.description} onChange={set('description')} multiline minRows={2} error={Boolean(problems.description)} helperText={problems.description?.[0]} />
          <TextField
            label="Serving Size"
            value={values.servingSize}
            onChange={set('servingSize')}
            placeholder="e.g. 1 cup (160 g)"
            error={Boolean(problems.servingSize)}
            helperText={problems.servingSize?.[0]}
          />
          <TextField label="Food Type" value={values.foodType} onChange={set('foodType')} select slotProps={{ select: { native: true } }}>
            <option value="">Not specified</option>
            {FOOD_TYPES.map((type) => (
              <option key={type} value={type}>
                {readable(type)}
              </option>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} size="large">
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" disabled={!parsed.success || create.isPending}>
          Create Food
        </Button>
      </DialogActions>
    </form>
  );
}
