import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { describeTimeZone, timeZoneChoices } from './time-zones';

/** The person's zone by its IANA name, what it is called and its time now, changeable from every zone the browser knows. */
export function TimeZoneField({ value, onChange, disabled }: { value: string; onChange: (zone: string) => void; disabled?: boolean }) {
  const choices = useMemo(() => timeZoneChoices(value), [value]);
  return (
    <Autocomplete
      options={choices}
      value={value}
      disableClearable
      disabled={disabled}
      onChange={(_event, zone) => onChange(zone)}
      renderInput={(params) => <TextField {...params} label="Time zone" helperText={describeTimeZone(value)} />}
    />
  );
}
