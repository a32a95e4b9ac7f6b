import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { useId, type ReactNode } from 'react';

export interface TextInputProps extends Omit<OutlinedInputProps, 'label'> {
  label: ReactNode;
  helperText?: ReactNode;
}

/**
 * MUI's outlined TextField without its select mode, which would bring Select, Menu, Popover and Modal (about 12 KB
 * gzip) to every screen with a text box. Forms that need a select keep using TextField.
 */
export function TextInput({ label, helperText, error, required, fullWidth, disabled, sx, id, ...input }: TextInputProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} fullWidth={fullWidth} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
