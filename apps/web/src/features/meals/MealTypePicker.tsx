import { ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { MEAL_TYPES, type MealType, MEAL_TYPE_LABELS } from '@fodmap/contracts';
import { useId } from 'react';
import { MealTypeIcon } from './MealTypeIcon';

/** Spec §5: one of the 4 meal types. */
export function MealTypePicker({ value, onChange, disabled }: { value: MealType; onChange: (mealType: MealType) => void; disabled?: boolean }) {
  const labelId = useId();
  return (
    <div>
      <Typography id={labelId} variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        Meal type
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={value}
        disabled={disabled}
        aria-labelledby={labelId}
        onChange={(_event, next: MealType | null) => {
          if (next) onChange(next);
        }}
      >
        {MEAL_TYPES.map((type) => (
          <ToggleButton key={type} value={type} sx={{ flexDirection: 'column', gap: 0.25, py: 0.75, textTransform: 'none' }}>
            <MealTypeIcon mealType={type} fontSize="small" />
            {MEAL_TYPE_LABELS[type]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
