import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { Messages } from '@fodmap/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A read's loading and failure states, the same on every tab; `children` renders the data once it is there. */
export function QueryState<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <Box role="status" aria-label={`Loading ${label}`} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography color="text.secondary">{Messages.loading}</Typography>
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        {`Could not load ${label}: ${query.error.message}`}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
