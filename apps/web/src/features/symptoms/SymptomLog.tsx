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
import { localDay, Messages, SYMPTOM_LABELS, type Symptom } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useEffect, useId, useMemo, useState } from 'react';
import { useToast } from '../../components/toast/toast-context';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { dayHeading, SEVERITY_COLORS, SEVERITY_LABELS, timeOfDay } from './symptom-format';
import { useMeals } from '../meals/meals-api';
import { useAllSymptoms, useDeleteSymptom, useTimeZone } from './symptoms-api';

/** Symptoms by local day, in the order they come (newest first). */
function byDay(symptoms: readonly Symptom[], timeZone: string): { day: string; symptoms: Symptom[] }[] {
  const days = new Map<string, Symptom[]>();
  for (const symptom of symptoms) {
    const day = localDay(symptom.timestamp, timeZone);
    days.set(day, [...(days.get(day) ?? []), symptom]);
  }
  return [...days].map(([day, list]) => ({ day, symptoms: list }));
}

function ConfirmDelete({ symptom, onClose }: { symptom: Symptom | null; onClose: () => void }) {
  const titleId = useId();
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
        toast({ title: Messages.symptomDeleted });
        onClose();
      },
      onError: (error) => {
        if (!handleUnauthorized(error)) toast({ title: Messages.symptomDeleteFailed, description: serverMessage(error, ''), variant: 'destructive' });
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

function SymptomRow({ symptom, mealName, timeZone, onDelete }: { symptom: Symptom; mealName: string | undefined; timeZone: string; onDelete: () => void }) {
  const label = SYMPTOM_LABELS[symptom.symptomType];
  return (
    <ListItem
      divider
      disableGutters
      aria-label={label}
      secondaryAction={
        <IconButton edge="end" aria-label={`Delete ${label}`} onClick={onDelete}>
          <DeleteOutlineIcon />
        </IconButton>
      }
      sx={{ pr: 6, alignItems: 'flex-start' }}
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

/** Spec §2 Diary: the full symptom log, by day, newest first; a symptom can be deleted after a confirmation. */
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
  const days = useMemo(() => (symptoms.data ? byDay(symptoms.data, timeZone) : []), [symptoms.data, timeZone]);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="symptom-log-title" sx={{ p: 2 }}>
      <Typography id="symptom-log-title" variant="subtitle1" component="h2" fontWeight={600}>
        Symptom Log
      </Typography>
      {symptoms.isPending ? (
        <Stack spacing={1} sx={{ mt: 1 }} role="status" aria-label={Messages.loading}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={48} />
        </Stack>
      ) : symptoms.error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {serverMessage(symptoms.error, 'Could not load your symptoms. Please try again.')}
        </Alert>
      ) : days.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          No symptoms logged yet. Symptoms you log from the dashboard or a meal appear here.
        </Typography>
      ) : (
        days.map(({ day, symptoms: list }) => (
          <Box key={day} component="section" aria-label={dayHeading(day, timeZone)} sx={{ mt: 1.5 }}>
            <Typography variant="subtitle2" component="h3" color="text.secondary">
              {dayHeading(day, timeZone)}
            </Typography>
            <List disablePadding>
              {list.map((symptom) => (
                <SymptomRow
                  key={symptom.id}
                  symptom={symptom}
                  mealName={symptom.mealId === null ? undefined : mealNames.get(symptom.mealId)}
                  timeZone={timeZone}
                  onDelete={() => setDeleting(symptom)}
                />
              ))}
            </List>
          </Box>
        ))
      )}
      <ConfirmDelete symptom={deleting} onClose={() => setDeleting(null)} />
    </Paper>
  );
}
