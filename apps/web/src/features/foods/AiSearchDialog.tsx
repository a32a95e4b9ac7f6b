import { Alert, AlertTitle, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { AI_SEARCH, AiSearchMessages, INGREDIENTS_MAX_LENGTH, type AiSearchInput, type AiSearchResult, type Food } from '@fodmap/contracts';
import { ApiError, isUnauthorized, serverMessage } from '@fodmap/web-client';
import { splitMessage, useToast } from '@fodmap/web-ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { FodmapRatingBadge } from './FodmapBadges';
import { FoodSources } from './FoodDetails';
import { servingLine } from './FoodList';
import { aiSearch, requestBackgroundSearch, useRefreshFoods } from './foods-api';
import { useBackToClose } from '../../lib/use-back-to-close';

export interface AiSearchDialogProps {
  open: boolean;
  /** the term that found nothing in the catalogue */
  query: string;
  onClose: () => void;
  /** a found food, 2 s after it is shown: the caller does with it what its own flows do with a chosen food */
  onFound: (food: Food) => void;
  /** the person would rather enter the food themselves (the New Food form, with this name) */
  onAddManually: (name: string) => void;
}

interface Problem {
  title: string;
  message: string;
  /** whether the same search may still succeed later: a server or network failure, not a refusal */
  retryable: boolean;
}

/** Spec §8: a lost session has its own words; a refusal (rate limit, validation, gating) the server's. */
function problemOf(error: unknown): Problem {
  if (isUnauthorized(error)) {
    const { title, description = '' } = splitMessage(AiSearchMessages.authRequired);
    return { title, message: description, retryable: false };
  }
  const refused = error instanceof ApiError && error.status < 500;
  return { title: AiSearchMessages.searchError, message: serverMessage(error, AiSearchMessages.searchErrorFallback), retryable: !refused };
}

function FoodFound({ food, result }: { food: Food; result: AiSearchResult }) {
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} alignItems="center">
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="p" fontWeight={600}>
            {food.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {servingLine(food)}
          </Typography>
        </Box>
        <FodmapRatingBadge rating={food.fodmapRating} checkLabel={food.checkLabel} size="medium" />
      </Stack>
      {result.source === 'ai' && (
        <>
          <Alert severity="warning">{AiSearchMessages.aiResearched}</Alert>
          <FoodSources food={food} />
        </>
      )}
      {/* The rule that rated the label: the ingredient that made it high, or why it stays unknown. */}
      {result.source === 'ingredients' && food.description && <Typography variant="body2">{food.description}</Typography>}
    </Stack>
  );
}

function Suggestions({ suggestions, onPick }: { suggestions: string[]; onPick: (suggestion: string) => void }) {
  if (suggestions.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <Typography variant="body2">{AiSearchMessages.didYouMean}</Typography>
      {suggestions.map((suggestion) => (
        <Button key={suggestion} size="small" variant="outlined" onClick={() => onPick(suggestion)}>
          {suggestion}
        </Button>
      ))}
    </Stack>
  );
}

/** Issue 11: a label's ingredient list rates the food with no online research at all. */
function IngredientsForm({ onRate }: { onRate: (ingredients: string) => void }) {
  const [ingredients, setIngredients] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ingredients.trim()) onRate(ingredients.trim());
  };
  return (
    <Stack component="form" spacing={1} onSubmit={submit} noValidate>
      <TextField
        label={AiSearchMessages.ingredientsLabel}
        helperText={AiSearchMessages.ingredientsHint}
        value={ingredients}
        onChange={(event) => setIngredients(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: INGREDIENTS_MAX_LENGTH } }}
      />
      <Button type="submit" variant="outlined" disabled={!ingredients.trim()}>
        Rate from ingredients
      </Button>
    </Stack>
  );
}

function SearchContent({ initialQuery, onClose, onFound, onAddManually, titleId }: Omit<AiSearchDialogProps, 'open' | 'query'> & { initialQuery: string; titleId: string }) {
  const { toast } = useToast();
  const refreshFoods = useRefreshFoods();
  const [query, setQuery] = useState(initialQuery);
  const [slow, setSlow] = useState(false);
  // One background search per term: a second one would only send a second email.
  const [queued, setQueued] = useState<string[]>([]);

  const background = useMutation({
    mutationFn: requestBackgroundSearch,
    onMutate: (term) => setQueued((current) => [...current, term]),
    onSuccess: () => toast({ title: AiSearchMessages.backgroundQueued }),
    onError: (error, term) => {
      setQueued((current) => current.filter((queuedTerm) => queuedTerm !== term));
      const problem = problemOf(error);
      toast({ title: problem.title, description: problem.message, variant: 'destructive' });
    },
  });
  const searchInBackground = (term: string) => {
    if (!queued.includes(term)) background.mutate(term);
  };

  const search = useMutation({
    mutationFn: aiSearch,
    onMutate: () => setSlow(false),
    onSuccess: (result) => {
      const food = result.result ?? result.placeholder;
      // A researched, rated or placeholder food is a new private food: every foods read may now list it.
      if (food) void refreshFoods(food);
    },
    onError: (error, input) => {
      if (isUnauthorized(error)) toast({ ...splitMessage(AiSearchMessages.authRequired), variant: 'destructive' });
      else if (problemOf(error).retryable) searchInBackground(input.query);
    },
  });
  const run = (input: AiSearchInput) => {
    setQuery(input.query);
    search.mutate(input);
  };

  // The search starts as the dialog opens; the ref keeps React's development double mount from sending it twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run({ query: initialQuery });
  }, []);

  // Spec §4: a slow answer is announced, and the search is also queued so its outcome arrives by email.
  const answerIsSlow = useEffectEvent(() => {
    setSlow(true);
    if (search.variables) searchInBackground(search.variables.query);
  });
  useEffect(() => {
    if (!search.isPending) return;
    const timer = window.setTimeout(answerIsSlow, AI_SEARCH.slowNoticeMs);
    return () => window.clearTimeout(timer);
  }, [search.isPending, search.submittedAt]);

  // Only a new found food restarts the clock, not a new callback from the caller's next render.
  const found = search.data?.status === 'found' ? search.data.result : undefined;
  const closeWithFound = useEffectEvent((food: Food) => onFound(food));
  useEffect(() => {
    if (!found) return;
    const timer = window.setTimeout(() => closeWithFound(found), AI_SEARCH.foundAutoCloseMs);
    return () => window.clearTimeout(timer);
  }, [found]);

  const result = search.data;
  const problem = search.error ? problemOf(search.error) : null;

  return (
    <>
      <DialogTitle id={titleId}>{AiSearchMessages.dialogTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            “{query}”
          </Typography>
          {search.isPending || search.isIdle ? (
            <Stack direction="row" spacing={1.5} alignItems="center" role="status">
              <CircularProgress size={24} aria-hidden />
              <Typography>{slow ? AiSearchMessages.takingLonger : AiSearchMessages.searching}</Typography>
            </Stack>
          ) : problem ? (
            <Alert severity="error">
              <AlertTitle>{problem.title}</AlertTitle>
              {problem.message}
            </Alert>
          ) : result?.status === 'found' && result.result ? (
            <Stack spacing={1.5} role="status">
              <Typography>{result.message}</Typography>
              <FoodFound food={result.result} result={result} />
            </Stack>
          ) : result?.status === 'placeholder_created' && result.placeholder ? (
            <Stack spacing={1.5}>
              <Typography role="status">{result.message}</Typography>
              <FoodFound food={result.placeholder} result={result} />
              <Suggestions suggestions={result.spellingCorrections.suggestions} onPick={(suggestion) => run({ query: suggestion })} />
            </Stack>
          ) : (
            <Stack spacing={2}>
              <Alert severity="info" role="status">
                <AlertTitle>{result?.message || AiSearchMessages.noInformation}</AlertTitle>
                {AiSearchMessages.manualAddHint}
              </Alert>
              <Suggestions suggestions={result?.spellingCorrections.suggestions ?? []} onPick={(suggestion) => run({ query: suggestion })} />
              <Button variant="contained" size="large" onClick={() => onAddManually(query)}>
                Manual Add
              </Button>
              <IngredientsForm onRate={(ingredients) => run({ query, ingredients })} />
              {/* Without an AI service a background search could only come back empty. */}
              {!queued.includes(query) && result?.message !== AiSearchMessages.notConfigured && (
                <Button size="large" onClick={() => searchInBackground(query)}>
                  Search in background
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {problem?.retryable && (
          <Button size="large" onClick={() => run(search.variables ?? { query })}>
            Try again
          </Button>
        )}
        {result?.status === 'placeholder_created' && result.placeholder && (
          <Button size="large" onClick={() => result.placeholder && onFound(result.placeholder)}>
            View food
          </Button>
        )}
        <Button size="large" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * Spec §4 AI search: pending, 'Taking longer than expected...' after 5 s (with a background search queued), then found
 * (closes itself after 2 s), placeholder (stays open) or failed (manual add, the label's ingredients, suggestions).
 */
export function AiSearchDialog({ open, query, onClose, onFound, onAddManually }: AiSearchDialogProps) {
  const titleId = useId();
  useBackToClose(open, onClose);
  return (
    <Dialog open={open} onClose={onClose} fullWidth aria-labelledby={titleId} sx={{ '& .MuiDialog-paper': { mx: 2, width: 'calc(100% - 32px)' } }}>
      {/* A closed dialog unmounts its content, so each opening is a new search of the term it was opened with. */}
      <SearchContent initialQuery={query} onClose={onClose} onFound={onFound} onAddManually={onAddManually} titleId={titleId} />
    </Dialog>
  );
}
