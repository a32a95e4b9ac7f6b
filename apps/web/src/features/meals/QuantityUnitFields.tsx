import { Stack, TextField } from '@mui/material';
import { MEAL_FOOD_QUANTITY, servingUnitsFor, type Food } from '@fodmap/contracts';
import { useState } from 'react';
import { parseQuantity } from './meal-builder';

export interface QuantityUnitFieldsProps {
  food: Pick<Food, 'name' | 'servingSize'>;
  quantity: number;
  servingUnit: string;
  onQuantityChange: (quantity: number) => void;
  onUnitChange: (servingUnit: string) => void;
  disabled?: boolean;
}

/**
 * Spec §5, §9: a quantity from 0.1 in steps of 0.1, and a unit the food can be counted in (its serving's word, a
 * serving, grams). What is typed stays as typed while it is being typed; a value that is no quantity falls back to
 * 0.1 when the field is left.
 */
export function QuantityUnitFields({ food, quantity, servingUnit, onQuantityChange, onUnitChange, disabled }: QuantityUnitFieldsProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed === null) return;
    const parsed = parseQuantity(typed);
    setTyped(null);
    onQuantityChange(parsed);
  };
  return (
    // The unit goes under the quantity when large text leaves no room beside it.
    <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1}>
      <TextField
        label="Quantity"
        type="number"
        size="small"
        value={typed ?? String(quantity)}
        disabled={disabled}
        onChange={(event) => {
          setTyped(event.target.value);
          const value = Number(event.target.value);
          if (event.target.value.trim() !== '' && value >= MEAL_FOOD_QUANTITY.min) onQuantityChange(parseQuantity(event.target.value));
        }}
        onBlur={commit}
        slotProps={{ htmlInput: { min: MEAL_FOOD_QUANTITY.min, max: MEAL_FOOD_QUANTITY.max, step: MEAL_FOOD_QUANTITY.step, inputMode: 'decimal', 'aria-label': `Quantity of ${food.name}` } }}
        sx={{ width: '7rem', flexShrink: 0 }}
      />
      <TextField
        label="Unit"
        select
        size="small"
        value={servingUnit}
        disabled={disabled}
        onChange={(event) => onUnitChange(event.target.value)}
        slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Unit of ${food.name}` } }}
        sx={{ flex: '1 1 8rem', minWidth: 0 }}
      >
        {servingUnitsFor(food).map((unit) => (
          <option key={unit} value={unit}>
            {unit}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
