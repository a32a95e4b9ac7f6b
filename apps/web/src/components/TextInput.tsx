import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { useId, type ReactNode } from 'react';

export interface TextInputProps extends Omit<OutlinedInputProps, 'label'> {
  label: ReactNode;
  helperText?: ReactNode;
  /**
   * The label always in the field's top border, at three quarters of its size, never inside the empty field: a long
   * label ('Confirm New Password') in a dialog is cut off there at 200 % text, and in the border it has a third more room.
   */
  labelAbove?: boolean;
}

/**
 * MUI's outlined TextField without its select mode, which would bring Select, Menu, Popover and Modal (about 12 KB
 * gzip) to every screen with a text box. Forms that need a select keep using TextField.
 */
export function TextInput({ label, helperText, labelAbove, error, required, fullWidth, disabled, sx, id, ...input }: TextInputProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} fullWidth={fullWidth} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={inputId} shrink={labelAbove || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput id={inputId} label={label} notched={labelAbove || undefined} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
