import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { dayHeading } from '../symptoms/symptom-format';
import { groupByDay } from './group-by-day';

/** The Diary's days, headed alike on both tabs ('Today', 'Yesterday', 'Mon, 3 Mar 2025'), each with its entries. */
export function DaySections<T extends { timestamp: string }>({ entries, timeZone, children }: { entries: readonly T[]; timeZone: string; children: (dayEntries: T[]) => ReactNode }) {
  return (
    <Stack spacing={2.5}>
      {groupByDay(entries, timeZone).map(({ day, entries: dayEntries }) => (
        <Box component="section" key={day} aria-label={dayHeading(day, timeZone)}>
          <Typography variant="subtitle2" component="h2" color="text.secondary" sx={{ mb: 1 }}>
            {dayHeading(day, timeZone)}
          </Typography>
          {children(dayEntries)}
        </Box>
      ))}
    </Stack>
  );
}
