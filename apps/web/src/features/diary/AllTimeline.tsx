import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { localDay, mealRoutes, symptomRoutes } from '@fodmap/contracts';
import { routePages, serverMessage, type RoutePage } from '@fodmap/web-client';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { EmptyState } from '../../components/EmptyState';
import { useUnauthorizedRead } from '../session/use-unauthorized';
import { dayHeading } from '../symptoms/symptom-format';
import { type DiaryEntry, mealEntry, newestFirst, symptomEntry, useDiaryEntries } from './diary-entries';
import { mergePages } from './merge-pages';

/** Start reading the next page this far before the end of the list comes into view, so scrolling rarely waits. */
const READ_AHEAD = '600px';

/** A list's pages as one list, each item once: an entry moved in time between two page reads could be in both. */
function itemsOf<T extends { id: number }>(data: InfiniteData<RoutePage<T>, string | null> | undefined): T[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) => page.items).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/** Consecutive entries of the same day (in the person's zone) under that day. */
function byDay(entries: readonly DiaryEntry[], timeZone: string): { day: string; entries: DiaryEntry[] }[] {
  const days: { day: string; entries: DiaryEntry[] }[] = [];
  for (const entry of entries) {
    const day = localDay(new Date(entry.at), timeZone);
    if (days.at(-1)?.day === day) days.at(-1)?.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  return days;
}

/** Whether an element is within `margin` below the viewport; never where the browser has no IntersectionObserver. */
function useNearViewport(margin: string) {
  // A callback ref: the element comes and goes with what the list shows (a spinner first), and is observed when it comes.
  const [element, ref] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([seen]) => setNear(seen.isIntersecting), { rootMargin: `0px 0px ${margin} 0px` });
    observer.observe(element);
    return () => {
      observer.disconnect();
      setNear(false);
    };
  }, [element, margin]);
  return { ref, near };
}

/**
 * The Diary's 'All' view (spec §2: the full list of all meals and the full symptom log): the whole history newest
 * first, meals and symptoms in one timeline under day headings. The meal and symptom lists are read a page at a time
 * (issue 20) and merged (mergePages); reaching the end reads the next page of the list that holds the merge back.
 */
export function AllTimeline({ timeZone }: { timeZone: string }) {
  // Every meal and every symptom, newest first, a page of each at a time (the server's own page size). Read again on
  // each visit, as a day is: a symptom logged from an email link shows here.
  const meals = useInfiniteQuery({ ...routePages(mealRoutes.list), refetchOnMount: 'always' });
  const symptoms = useInfiniteQuery({ ...routePages(symptomRoutes.list), refetchOnMount: 'always' });
  const mealItems = useMemo(() => itemsOf(meals.data), [meals.data]);
  const symptomItems = useMemo(() => itemsOf(symptoms.data), [symptoms.data]);
  const merged = useMemo(
    () =>
      mergePages(
        [
          { items: mealItems.map(mealEntry), more: meals.hasNextPage },
          { items: symptomItems.map(symptomEntry), more: symptoms.hasNextPage },
        ],
        newestFirst,
      ),
    [mealItems, symptomItems, meals.hasNextPage, symptoms.hasNextPage],
  );
  const mealNames = useMemo(() => new Map(mealItems.map((meal) => [meal.id, meal.name])), [mealItems]);
  const { list, dialogs } = useDiaryEntries(timeZone, mealNames);
  const end = useNearViewport(READ_AHEAD);
  const headingId = useId();

  const error = meals.error ?? symptoms.error;
  useUnauthorizedRead(error);
  const reading = meals.isFetching || symptoms.isFetching;
  // Never while a read is under way: asked again, react-query would cancel the page on its way and start it over.
  const readMore = merged.limiting === null || reading ? null : [meals.fetchNextPage, symptoms.fetchNextPage][merged.limiting];
  // While the end stays in view, each page read is followed by the next, until the list reaches past the screen.
  useEffect(() => {
    if (end.near && readMore && !error) void readMore();
  }, [end.near, readMore, error]);

  // Without a first page of each there is nothing to merge; a later page's failure shows at the end of the list instead.
  if (error && (meals.data === undefined || symptoms.data === undefined)) return <Alert severity="error">{serverMessage(error, 'Could not load your diary. Please try again.')}</Alert>;
  if (meals.isPending || symptoms.isPending) return <CenteredSpinner />;
  if (merged.shown.length === 0 && merged.limiting === null) {
    return (
      <EmptyState icon={<MenuBookIcon />} title="Nothing logged yet">
        Meals and symptoms you log appear here, newest first.
      </EmptyState>
    );
  }
  return (
    <>
      <Stack spacing={2}>
        {byDay(merged.shown, timeZone).map(({ day, entries }) => (
          <Box component="section" key={day} aria-labelledby={`${headingId}-${day}`}>
            <Typography id={`${headingId}-${day}`} variant="subtitle1" component="h2" fontWeight={600} sx={{ mb: 1 }}>
              {dayHeading(day, timeZone)}
            </Typography>
            {list(entries, `Meals and symptoms, ${dayHeading(day, timeZone)}`)}
          </Box>
        ))}
      </Stack>
      <Box ref={end.ref} sx={{ py: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
        {error && <Alert severity="error">{serverMessage(error, 'Could not load older entries. Please try again.')}</Alert>}
        {merged.limiting === null ? (
          <Typography variant="body2" color="text.secondary">
            The beginning of your diary
          </Typography>
        ) : readMore === null ? (
          <CircularProgress size={32} aria-label="Loading older entries" />
        ) : (
          // The way on where scrolling does not read more: a keyboard, a screen reader, a browser without the observer.
          <Button variant="outlined" size="large" onClick={() => void readMore()} sx={{ minHeight: 48 }}>
            Load more
          </Button>
        )}
      </Box>
      {dialogs}
    </>
  );
}
