import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import HealingIcon from '@mui/icons-material/Healing';
import { JournalMessages, Messages, SYMPTOM_LABELS, type Symptom } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useEffect, useId, useMemo, useState } from 'react';
import { useToast } from '@fodmap/web-ui';
import { EmptyState } from '../../components/EmptyState';
import { DaySections } from '../diary/DaySections';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { SEVERITY_COLORS, SEVERITY_LABELS, timeOfDay } from './symptom-format';
import { useMeals } from '../meals/meals-api';
import { useAllSymptoms, useDeleteSymptom, useTimeZone } from './symptoms-api';
import { useBackToClose } from '../../lib/use-back-to-close';

function ConfirmDelete({ symptom, onClose }: { symptom: Symptom | null; onClose: () => void }) {
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

function SymptomRow({ symptom, mealName, timeZone, last, onDelete }: { symptom: Symptom; mealName: string | undefined; timeZone: string; last: boolean; onDelete: () => void }) {
  const label = SYMPTOM_LABELS[symptom.symptomType];
  return (
    <ListItem
      divider={!last}
      disableGutters
      aria-label={label}
      secondaryAction={
        <IconButton edge="end" aria-label={`Delete ${label}`} onClick={onDelete}>
          <DeleteOutlineIcon />
        </IconButton>
      }
      sx={{ pr: 6, py: 1.25, alignItems: 'flex-start' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="body1" fontWeight={500}>
            {label}
          </Typography>
          <Chip size="small" label={SEVERITY_LABELS[symptom.severity]} color={SEVERITY_COLORS[symptom.severity]} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {timeOfDay(symptom.timestamp, timeZone)}
          {mealName && ` · after ${mealName}`}
        </Typography>
        {symptom.notes && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {symptom.notes}
          </Typography>
        )}
      </Box>
    </ListItem>
  );
}

/** Spec §2 Diary: the full symptom log, by day as the meals are, newest first; a symptom can be deleted after a confirmation. */
export function SymptomLog() {
  const symptoms = useAllSymptoms();
  const meals = useMeals();
  const timeZone = useTimeZone();
  const handleUnauthorized = useUnauthorizedHandler();
  const [deleting, setDeleting] = useState<Symptom | null>(null);

  const error = symptoms.error ?? meals.error;
  useEffect(() => {
    if (error) handleUnauthorized(error);
  }, [error, handleUnauthorized]);

  const mealNames = useMemo(() => new Map(meals.data?.map((meal) => [meal.id, meal.name])), [meals.data]);

  return (
    <Box component="section" aria-label="Symptom Log">
      {symptoms.isPending ? (
        <Stack spacing={1} role="status" aria-label={Messages.loading}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      ) : symptoms.error ? (
        <Alert severity="error">{serverMessage(symptoms.error, 'Could not load your symptoms. Please try again.')}</Alert>
      ) : symptoms.data.length === 0 ? (
        <EmptyState icon={<HealingIcon />} title="No symptoms yet">
          Symptoms you log from the dashboard or a meal appear here.
        </EmptyState>
      ) : (
        <DaySections entries={symptoms.data} timeZone={timeZone}>
          {(daySymptoms) => (
            <Paper variant="outlined" sx={{ px: 2 }}>
              <List disablePadding>
                {daySymptoms.map((symptom, index) => (
                  <SymptomRow
                    key={symptom.id}
                    symptom={symptom}
                    mealName={symptom.mealId === null ? undefined : mealNames.get(symptom.mealId)}
                    timeZone={timeZone}
                    last={index === daySymptoms.length - 1}
                    onDelete={() => setDeleting(symptom)}
                  />
                ))}
              </List>
            </Paper>
          )}
        </DaySections>
      )}
      <ConfirmDelete symptom={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}
