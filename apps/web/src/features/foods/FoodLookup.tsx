import { Alert, Box, Button, IconButton, InputAdornment, Stack, Typography } from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { FOOD_SEARCH, FOOD_SEARCH_QUERY_MAX_LENGTH, type Food, type FoodSummary } from '@fodmap/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { TextInput } from '../../components/TextInput';
import { serverMessage } from '@fodmap/web-client';
import { lazyNamed } from '../../lib/lazy-named';
import { useOnceTrue } from '../../lib/use-once-true';
import { FoodList } from './FoodList';
import { useFoodList, useFoodSearch } from './foods-api';
import { useNotFoundPrompt } from './use-not-found-prompt';

// The sheet and dialogs load when first opened: the dashboard shows the list long before anyone taps a food.
const FoodDetailsSheet = lazyNamed(() => import('./FoodDetailsSheet'), 'FoodDetailsSheet');
const NewFoodDialog = lazyNamed(() => import('./NewFoodDialog'), 'NewFoodDialog');
const NotFoundPrompt = lazyNamed(() => import('./NotFoundPrompt'), 'NotFoundPrompt');
const AiSearchDialog = lazyNamed(() => import('./AiSearchDialog'), 'AiSearchDialog');
// Likewise the progress bar, on the first search.
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

export interface FoodLookupProps {
  /** the Food Search screen shows the full view at once; the dashboard starts with the first few and can expand */
  full?: boolean;
  /** the screen's own rule for a lost session (spec §2: the dashboard and Search word and redirect it differently) */
  onUnauthorized: (error: unknown) => boolean;
  /** the screen's meal dialogs: a single-food meal from a row or the details, or the food into 'Build Your Meal' */
  onAddToMeal?: (food: Food | FoodSummary) => void;
  onAddToBuilder?: (food: Food) => void;
}

/** Spec §2 food lookup: the catalogue with no term, ranked search results with one, and a way to add what is missing. */
export function FoodLookup({ full = false, onUnauthorized, onAddToMeal, onAddToBuilder }: FoodLookupProps) {
  const [typed, setTyped] = useState('');
  const [expanded, setExpanded] = useState(full);
  const [opened, setOpened] = useState<Food | FoodSummary | null>(null);
  const [newFoodName, setNewFoodName] = useState<string | null>(null);
  const [onlineQuery, setOnlineQuery] = useState<string | null>(null);

  const search = useFoodSearch(typed);
  const limit = expanded ? FOOD_SEARCH.lookupFullResults : FOOD_SEARCH.lookupResults;
  // One row more than shown tells whether View all has more to show.
  const catalogue = useFoodList(expanded ? limit : limit + 1, !search.active);
  const notFound = useNotFoundPrompt(search);
  // Someone already adding the food by hand, or searching for it online, needs no prompt to do so.
  const promptOpen = notFound.open && newFoodName === null && onlineQuery === null;
  const sheetUsed = useOnceTrue(opened !== null);
  const promptUsed = useOnceTrue(promptOpen);
  const newFoodUsed = useOnceTrue(newFoodName !== null);
  const onlineUsed = useOnceTrue(onlineQuery !== null);

  const error = search.active ? search.error : catalogue.error;
  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  const foods: (Food | FoodSummary)[] | undefined = search.active ? search.results : catalogue.data;
  const searching = search.active && !search.settled;
  const nothingFound = search.settled && foods?.length === 0;

  return (
    <Stack spacing={1}>
      <TextInput
        label="Search foods"
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        // The clear button below replaces the browser's own, which would otherwise show beside it.
        sx={{ '& input::-webkit-search-cancel-button': { display: 'none' } }}
        inputProps={{ enterKeyHint: 'search', maxLength: FOOD_SEARCH_QUERY_MAX_LENGTH }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon aria-hidden />
          </InputAdornment>
        }
        endAdornment={
          typed && (
            <InputAdornment position="end">
              <IconButton aria-label="Clear search" onClick={() => setTyped('')} edge="end">
                <ClearIcon />
              </IconButton>
            </InputAdornment>
          )
        }
      />
      {/* Reserved space, so the list does not jump while a search is on its way. */}
      <Box sx={{ height: 2 }}>
        {searching && (
          <Suspense fallback={null}>
            <LinearProgress aria-label="Searching" sx={{ height: 2 }} />
          </Suspense>
        )}
      </Box>

      {error ? (
        <Alert severity="error">{serverMessage(error, 'Could not load foods. Please try again.')}</Alert>
      ) : foods === undefined ? (
        searching ? null : <CenteredSpinner />
      ) : nothingFound ? (
        // What to do next is the not-found prompt's to offer (spec §4), once, not a second time here.
        <Typography variant="body2" color="text.secondary" role="status">
          No foods match “{search.term}”.
        </Typography>
      ) : (
        <Box sx={{ opacity: searching ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <FoodList foods={foods.slice(0, limit)} onOpen={setOpened} onAdd={onAddToMeal} label={search.active ? 'Search results' : 'Foods'} />
          {!full && foods.length > FOOD_SEARCH.lookupResults && (
            <Button fullWidth onClick={() => setExpanded((current) => !current)} sx={{ mt: 1 }}>
              {expanded ? 'Show fewer' : 'View all'}
            </Button>
          )}
        </Box>
      )}

      {/* One boundary each, so a dialog still loading never hides one already open. */}
      {sheetUsed && (
        <Suspense fallback={null}>
          <FoodDetailsSheet
            food={opened}
            onClose={() => setOpened(null)}
            onUnauthorized={onUnauthorized}
            meals={onAddToMeal && onAddToBuilder ? { onAddToMeal, onAddToBuilder } : undefined}
          />
        </Suspense>
      )}
      {promptUsed && (
        <Suspense fallback={null}>
          <NotFoundPrompt
            open={promptOpen}
            term={notFound.term}
            onClose={notFound.dismiss}
            onSearchOnline={() => {
              notFound.dismiss();
              setOnlineQuery(notFound.term);
            }}
            onAddManually={() => {
              notFound.dismiss();
              setNewFoodName(notFound.term);
            }}
          />
        </Suspense>
      )}
      {onlineUsed && (
        <Suspense fallback={null}>
          <AiSearchDialog
            open={onlineQuery !== null}
            query={onlineQuery ?? ''}
            onClose={() => {
              notFound.dismiss();
              setOnlineQuery(null);
            }}
            // What the online search found is shown as any chosen food is: its details, with the meal actions.
            onFound={(food) => {
              setOnlineQuery(null);
              setOpened(food);
            }}
            onAddManually={(name) => {
              setOnlineQuery(null);
              setNewFoodName(name);
            }}
          />
        </Suspense>
      )}
      {newFoodUsed && (
        <Suspense fallback={null}>
          <NewFoodDialog
            open={newFoodName !== null}
            initialName={newFoodName ?? ''}
            onClose={() => {
              notFound.dismiss();
              setNewFoodName(null);
            }}
            onCreated={(food) => {
              setNewFoodName(null);
              setOpened(food);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
