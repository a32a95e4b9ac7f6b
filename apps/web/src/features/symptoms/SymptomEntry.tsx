import { Box, Button, Card, CardActions, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HealingIcon from '@mui/icons-material/Healing';
import { JournalMessages, SYMPTOM_LABELS, type Symptom } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useId, useState } from 'react';
import { useToast } from '@fodmap/web-ui';
import { useBackToClose } from '../../lib/use-back-to-close';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { SeverityBadge } from './SeverityBadge';
import { SEVERITY_LABELS, timeOfDay } from './symptom-format';
import { useDeleteSymptom } from './symptom-changes';

/** A symptom is deleted only once the person confirms it. */
export function ConfirmDeleteSymptom({ symptom, onClose }: { symptom: Symptom | null; onClose: () => void }) {
  const titleId = useId();
  useBackToClose(symptom !== null, onClose);
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const deleteSymptom = useDeleteSymptom();
  // The last symptom asked about stays in the text while the dialog fades away.
  const [shown, setShown] = useState(symptom);
  if (symptom && symptom !== shown) setShown(symptom);
  const remove = () => {
    if (!symptom) return;
    deleteSymptom.mutate(symptom.id, {
      onSuccess: () => {
        toast({ title: JournalMessages.symptomDeleted });
        onClose();
      },
      onError: (error) => {
        if (!handleUnauthorized(error)) toast({ title: JournalMessages.symptomDeleteFailed, description: serverMessage(error, ''), variant: 'destructive' });
      },
    });
  };
  return (
    <Dialog open={symptom !== null} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Delete this symptom?</DialogTitle>
      <DialogContent>
        <DialogContentText>{shown && `${SYMPTOM_LABELS[shown.symptomType]} (${SEVERITY_LABELS[shown.severity].toLowerCase()}) will be removed from your diary.`}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={remove} disabled={deleteSymptom.isPending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface SymptomEntryProps {
  symptom: Symptom;
  /** the linked meal's name, when it is known */
  mealName: string | undefined;
  timeZone: string;
  onEdit: (symptom: Symptom) => void;
  onDelete: (symptom: Symptom) => void;
}

/** A symptom in the Diary's day: what, how bad, when, after which meal, and its notes; it can be corrected or deleted. */
export function SymptomEntry({ symptom, mealName, timeZone, onEdit, onDelete }: SymptomEntryProps) {
  const label = SYMPTOM_LABELS[symptom.symptomType];
  return (
    <Card variant="outlined" component="article" aria-label={label} data-symptom-id={symptom.id}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1.5} alignItems="flex-start">
          <Box sx={{ color: 'warning.main', pt: 0.25 }}>
            <HealingIcon />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography variant="subtitle1" component="h3" fontWeight={600} sx={{ lineHeight: 1.3 }}>
                {label}
              </Typography>
              <SeverityBadge severity={symptom.severity} />
            </Stack>
            <Typography variant="caption" color="text.secondary">
              Symptom · {timeOfDay(symptom.timestamp, timeZone)}
              {mealName && ` · after ${mealName}`}
            </Typography>
            {symptom.notes && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
                {symptom.notes}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
      <CardActions sx={{ pt: 0, px: 1.5, justifyContent: 'flex-end' }}>
        <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => onDelete(symptom)} aria-label={`Delete ${label}`}>
          Delete
        </Button>
        <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => onEdit(symptom)} aria-label={`Edit ${label}`}>
          Edit
        </Button>
      </CardActions>
    </Card>
  );
}
