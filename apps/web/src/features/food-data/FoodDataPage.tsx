import { Alert, Box, Button, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { CatalogueChange, CatalogueReleaseNotes } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { TextInput } from '../../components/TextInput';
import { useScreenTitle } from '../branding/use-screen-title';
import { FodmapRatingBadge } from '../foods/FodmapBadges';
import { useCatalogueInfo, useWhatsNew } from '../foods/foods-api';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { groupChanges, kindOf, releaseDate, type ChangeGroup } from './release-notes';

/** Rows a group shows before 'Show all': a release can change hundreds of foods, and a phone screen holds a dozen. */
export const CHANGES_SHOWN = 20;

export const WHATS_NEW_TITLE = "What's new in the food data";

function ChangeRow({ change }: { change: CatalogueChange }) {
  const kind = kindOf(change);
  return (
    <ListItem divider disableGutters sx={{ display: 'block', py: 1.25 }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="body2" fontWeight={600} sx={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}>
          {change.name}
        </Typography>
        <Stack direction="row" spacing={0.5} alignItems="center" flexWrap="wrap" useFlexGap>
          {change.from && kind === 'changed' && (
            <>
              <FodmapRatingBadge rating={change.from} />
              <Typography component="span" variant="body2" color="text.secondary">
                →
              </Typography>
            </>
          )}
          {change.to && <FodmapRatingBadge rating={change.to} />}
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {change.why}
      </Typography>
    </ListItem>
  );
}

function Group({ group, everything }: { group: ChangeGroup; everything: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const all = everything || expanded;
  const shown = all ? group.changes : group.changes.slice(0, CHANGES_SHOWN);
  return (
    <Paper variant="outlined" component="section" aria-label={group.title} sx={{ px: 1.5, py: 1 }}>
      <Typography variant="subtitle1" component="h2" fontWeight={600}>
        {group.title} ({group.changes.length})
      </Typography>
      <List disablePadding>
        {shown.map((change, index) => (
          // Names can repeat (a food removed under one key and added under another); the order is fixed.
          <ChangeRow key={`${index}:${change.name}`} change={change} />
        ))}
      </List>
      {shown.length < group.changes.length && (
        <Button fullWidth onClick={() => setExpanded(true)} sx={{ mt: 0.5 }}>
          Show all {group.changes.length}
        </Button>
      )}
    </Paper>
  );
}

function ReleaseNotes({ notes }: { notes: CatalogueReleaseNotes }) {
  const [find, setFind] = useState('');
  const groups = groupChanges(notes, find);
  return (
    <>
      <Stack spacing={1} component="section" aria-label="Summary">
        <Typography variant="subtitle2" color="text.secondary">
          Catalogue {notes.version} · {releaseDate(notes.date)}
        </Typography>
        {notes.summary.map((sentence) => (
          <Typography key={sentence} variant="body2">
            {sentence}
          </Typography>
        ))}
      </Stack>
      {notes.changes.length > 0 && (
        <TextInput label="Find a food" type="search" value={find} onChange={(event) => setFind(event.target.value)} autoComplete="off" fullWidth />
      )}
      {groups.map((group) => (
        // A search shows every match: a match hidden behind 'Show all' would look like no match.
        <Group key={group.kind} group={group} everything={find.trim() !== ''} />
      ))}
      {find.trim() !== '' && groups.length === 0 && (
        <Typography variant="body2" color="text.secondary" role="status">
          No change in this release names “{find.trim()}”.
        </Typography>
      )}
    </>
  );
}

/** Issue 10: the catalogue's version and what changed in it, and why, for the people whose ratings moved. */
export function FoodDataPage() {
  useScreenTitle(WHATS_NEW_TITLE);
  const handleUnauthorized = useUnauthorizedHandler();
  const catalogue = useCatalogueInfo();
  const info = catalogue.data;
  // The small catalogue info says whether there is a note: a release without one costs no request for it.
  const notes = useWhatsNew(Boolean(info?.whatsNew));
  const error = catalogue.error ?? notes.error;
  useEffect(() => {
    if (error) handleUnauthorized(error);
  }, [error, handleUnauthorized]);

  return (
    <>
      <ScreenHeader title={WHATS_NEW_TITLE} />
      <ScreenBody>
        <Box>
          <Button component={RouterLink} to="/search" startIcon={<ArrowBackIcon />} size="small">
            Food Search
          </Button>
        </Box>
        {error ? (
          <Alert severity="error">{serverMessage(error, 'Could not load the food data notes. Please try again.')}</Alert>
        ) : info && !info.whatsNew ? (
          <Typography variant="body2" color="text.secondary">
            {info.version ? `Catalogue ${info.version} has no notes of its changes.` : 'The food data has no notes of its changes yet.'}
          </Typography>
        ) : notes.data ? (
          <ReleaseNotes notes={notes.data} />
        ) : (
          <CenteredSpinner />
        )}
      </ScreenBody>
    </>
  );
}
