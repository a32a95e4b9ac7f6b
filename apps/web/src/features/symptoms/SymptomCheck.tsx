import { Alert, Box, Button, Card, CardContent, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AirIcon from '@mui/icons-material/Air';
import BubbleChartIcon from '@mui/icons-material/BubbleChart';
import HealingIcon from '@mui/icons-material/Healing';
import MoodIcon from '@mui/icons-material/Mood';
import { QUICK_SYMPTOM_TILES, SYMPTOM_LABELS, type SymptomType } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { useOnceTrue } from '../../lib/use-once-true';
import { useSessionExpiredHandler } from '../session/use-unauthorized';
import { SeverityBadge } from './SeverityBadge';
import { timeOfDay } from './symptom-format';
import { useTimeZone, useTodaySymptoms } from './symptoms-api';

// The form loads on the first tap: the dashboard shows the tiles long before anyone uses them.
const SymptomDialog = lazyNamed(() => import('./SymptomDialog'), 'SymptomDialog');

const TILE_ICONS: Partial<Record<SymptomType, ReactNode>> = {
  bloating: <BubbleChartIcon />,
  pain: <HealingIcon />,
  gas: <AirIcon />,
  mood: <MoodIcon />,
};

function TodaySymptoms() {
  const symptoms = useTodaySymptoms();
  const timeZone = useTimeZone();
  const handleSessionExpired = useSessionExpiredHandler();
  useEffect(() => {
    if (symptoms.error) handleSessionExpired(symptoms.error);
  }, [symptoms.error, handleSessionExpired]);

  if (symptoms.isPending) return <Skeleton variant="rounded" height={40} aria-label="Loading today’s symptoms" />;
  if (symptoms.error) return <Alert severity="error">{serverMessage(symptoms.error, 'Could not load today’s symptoms.')}</Alert>;
  if (symptoms.data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No symptoms logged today.
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label="Today’s symptoms">
      {symptoms.data.map((symptom) => (
        <ListItem key={symptom.id} disableGutters divider secondaryAction={<SeverityBadge severity={symptom.severity} />}>
          <ListItemText primary={SYMPTOM_LABELS[symptom.symptomType]} secondary={timeOfDay(symptom.timestamp, timeZone)} />
        </ListItem>
      ))}
    </List>
  );
}

/** Spec §2 Dashboard symptom check: the quick tiles (§9), the full form for any other symptom, and today's log. */
export function SymptomCheck() {
  // undefined: the form with no type chosen ('Log other symptom'); null: closed.
  const [logging, setLogging] = useState<{ type?: SymptomType } | null>(null);
  const dialogUsed = useOnceTrue(logging !== null);

  return (
    <Card variant="outlined" component="section" aria-labelledby="symptom-check-title">
      <CardContent>
        <Typography id="symptom-check-title" variant="subtitle1" component="h2" fontWeight={600}>
          Symptom Check
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          How are you feeling? Tap a symptom to log it.
        </Typography>
        {/* Icon above label, rows of equal height: 'Abdominal Pain' fits a tile as 'Gas' does. */}
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gridAutoRows: '1fr', gap: 1, my: 1.5 }}>
          {QUICK_SYMPTOM_TILES.map((type) => (
            <Button key={type} variant="outlined" onClick={() => setLogging({ type })} sx={{ minHeight: 72, flexDirection: 'column', gap: 0.5, px: 1, lineHeight: 1.25 }}>
              {TILE_ICONS[type]}
              {SYMPTOM_LABELS[type]}
            </Button>
          ))}
        </Box>
        <Button fullWidth startIcon={<AddIcon />} onClick={() => setLogging({})}>
          Log other symptom
        </Button>
        <Stack spacing={1} sx={{ mt: 1.5 }}>
          <Typography variant="subtitle2" component="h3">
            Today
          </Typography>
          <TodaySymptoms />
        </Stack>
      </CardContent>
      {dialogUsed && (
        <Suspense fallback={null}>
          <SymptomDialog open={logging !== null} onClose={() => setLogging(null)} initialType={logging?.type} />
        </Suspense>
      )}
    </Card>
  );
}
