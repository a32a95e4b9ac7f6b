import { Box, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useSmallScreen } from '../lib/use-small-screen';

export interface Column<T> {
  header: string;
  cell: (record: T) => ReactNode;
}

interface RecordListProps<T> {
  /** Names the table or list for screen readers, e.g. 'Advertisers'. */
  label: string;
  records: readonly T[];
  recordKey: (record: T) => string | number;
  /** What a record is called: its card's heading on a phone, its first cell on a laptop. */
  title: (record: T) => ReactNode;
  columns: readonly Column<T>[];
  actions?: (record: T) => ReactNode;
}

/**
 * The admin's records: a table on a laptop, one card per record on a phone, where a table's columns would not fit
 * 390 px. Each card is a labelled group holding the same cells under the column's name.
 */
export function RecordList<T>({ label, records, recordKey, title, columns, actions }: RecordListProps<T>) {
  const small = useSmallScreen();
  if (small) {
    return (
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {records.map((record) => (
          <Paper component="li" variant="outlined" key={recordKey(record)} sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h3" fontWeight={600} sx={{ wordBreak: 'break-word' }}>
              {title(record)}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}>
              {columns.map((column) => (
                <Box key={column.header} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {column.header}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                    {column.cell(record)}
                  </Typography>
                </Box>
              ))}
            </Box>
            {actions && <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>{actions(record)}</Stack>}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            {columns.map((column) => (
              <TableCell key={column.header}>{column.header}</TableCell>
            ))}
            {actions && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((record) => (
            <TableRow key={recordKey(record)}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {title(record)}
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.header}>{column.cell(record)}</TableCell>
              ))}
              {actions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {actions(record)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
