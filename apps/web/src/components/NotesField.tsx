import { TextField } from '@mui/material';
import { NOTES_MAX_LENGTH } from '@fodmap/contracts';

/** A meal's or a symptom's free-text notes, limited as the server limits them; `problem` is the message to show. */
export function NotesField({ value, onChange, problem }: { value: string; onChange: (notes: string) => void; problem: string | undefined }) {
  return (
    <TextField
      label="Notes"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={2}
      error={Boolean(problem)}
      helperText={problem}
      slotProps={{ htmlInput: { maxLength: NOTES_MAX_LENGTH } }}
    />
  );
}
