import { Chip, Stack, TextField } from '@mui/material';
import { MEAL_TYPE_LABELS, type MealType } from '@fodmap/contracts';
import { MealTypePicker } from './MealTypePicker';
import { fromLocalInput, lastAt, mealTypeOf, mealWhenProblem, toLocalInput, type MealWhen } from './meal-time';

const HOUR_MS = 3_600_000;
const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const sameMinute = (a: Date | null, b: Date) => a !== null && Math.floor(a.getTime() / 60_000) === Math.floor(b.getTime() / 60_000);
const isYesterday = (at: Date, now: Date) => at.getDate() !== now.getDate();

export interface MealWhenFieldsProps {
  value: MealWhen;
  onChange: (next: MealWhen) => void;
  /** each type's usual time of day, in minutes after midnight */
  usual: Record<MealType, number>;
  disabled?: boolean;
}

/**
 * Issue 18: when a meal was eaten and its type. One tap for now, an hour ago or the usual time of the meal's type, or
 * any earlier day and time; the type follows the time until the person picks one. Used to log a meal and to correct one.
 */
export function MealWhenFields({ value, onChange, usual, disabled }: MealWhenFieldsProps) {
  const now = new Date();
  const mealType = mealTypeOf(value, now);
  const hourAgo = new Date(Math.floor((now.getTime() - HOUR_MS) / 60_000) * 60_000);
  const usualAt = lastAt(usual[mealType], now);
  const problem = mealWhenProblem(value, now);
  const choices = [
    { label: 'Now', selected: value.at === null, choose: () => onChange({ ...value, at: null }) },
    { label: '1 h ago', selected: sameMinute(value.at, hourAgo), choose: () => onChange({ ...value, at: hourAgo }) },
    {
      label: `Usual ${MEAL_TYPE_LABELS[mealType].toLowerCase()} ${clock.format(usualAt)}${isYesterday(usualAt, now) ? ' yesterday' : ''}`,
      selected: sameMinute(value.at, usualAt),
      // The usual time of this type: the person has said which meal it is, so the type no longer follows the time.
      choose: () => onChange({ at: usualAt, chosenType: mealType }),
    },
  ];
  return (
    <Stack spacing={1.5}>
      <MealTypePicker value={mealType} onChange={(chosenType) => onChange({ ...value, chosenType })} disabled={disabled} />
      <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1} role="group" aria-label="Quick times">
        {choices.map((choice) => (
          <Chip
            key={choice.label}
            label={choice.label}
            color={choice.selected ? 'primary' : 'default'}
            variant={choice.selected ? 'filled' : 'outlined'}
            aria-pressed={choice.selected}
            onClick={choice.choose}
            disabled={disabled}
            sx={{ height: 'auto', minHeight: 44, borderRadius: 22, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
          />
        ))}
      </Stack>
      <TextField
        label="When did you eat?"
        type="datetime-local"
        value={toLocalInput(value.at ?? now)}
        // An emptied field (a phone picker's Clear) is now again.
        onChange={(event) => onChange({ ...value, at: fromLocalInput(event.target.value) })}
        disabled={disabled}
        error={Boolean(problem)}
        helperText={problem ?? 'Now, or any earlier time and day'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: toLocalInput(now) } }}
      />
    </Stack>
  );
}
