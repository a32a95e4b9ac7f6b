import { deleteRowsOf, projectionEntities } from '@fodmap/server';
import { journalHistoryProjection } from './journal-history/journal-history.projection';
import { Projections1767225600000 } from './migrations/1767225600000-projections';
import { DailyMeals1767225600001 } from './migrations/1767225600001-daily-meals';
import { CheckpointStreamSequence1767400000000 } from './migrations/1767400000000-checkpoint-stream-sequence';
import { DailyMealDays1767600000000 } from './migrations/1767600000000-daily-meal-days';
import { JournalHistory1767800000000 } from './migrations/1767800000000-journal-history';
import { HistoryReadIndexes1768000000000 } from './migrations/1768000000000-history-read-indexes';

/** What the insights schema holds: shared by the service and its rebuild command. Its reads are plain SQL: no entities of its own. */
export const insightsSchema = {
  service: 'insights',
  entities: [...projectionEntities],
  migrations: [
    Projections1767225600000,
    DailyMeals1767225600001,
    CheckpointStreamSequence1767400000000,
    DailyMealDays1767600000000,
    JournalHistory1767800000000,
    HistoryReadIndexes1768000000000,
  ],
  consumer: [journalHistoryProjection],
  /** What an erasure deletes besides the person's dead letters (issue 20): their copy of the journal. */
  erasure: deleteRowsOf({ meals: 'user_id', meal_foods: 'user_id', symptoms: 'user_id', user_versions: 'user_id' }),
};
