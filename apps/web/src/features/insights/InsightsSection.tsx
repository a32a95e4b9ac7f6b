import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** One card of the Insights screen: a titled section, with an action (a period choice, Refresh) at the title's end. */
export function InsightsSection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        {/* The action goes under the title when large text leaves no room beside it. */}
        <Stack direction="row" alignItems="center" flexWrap="wrap" useFlexGap spacing={1} sx={{ mb: 1.5 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" fontWeight={600} sx={{ flex: '1 1 auto' }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
