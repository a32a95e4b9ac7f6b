import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId } from 'react';

/** One question of the first-run screen: its answers as radio buttons, a whole row each to tap. */
export function ChoiceGroup<T extends string>({
  question,
  answers,
  labels,
  value,
  onChange,
}: {
  question: string;
  answers: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  onChange: (answer: T) => void;
}) {
  const id = useId();
  const choose = (picked: string) => {
    const answer = answers.find((candidate) => candidate === picked);
    if (answer) onChange(answer);
  };
  return (
    <FormControl component="fieldset">
      <FormLabel id={id} component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
        {question}
      </FormLabel>
      <RadioGroup aria-labelledby={id} value={value ?? ''} onChange={(_event, picked) => choose(picked)}>
        {answers.map((answer) => (
          <FormControlLabel key={answer} value={answer} control={<Radio />} label={labels[answer]} sx={{ minHeight: 44 }} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
