import { Avatar, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useBranding } from '../branding/BrandingProvider';

/** The branded card the signed-out screens sit in. */
export function AuthCard({ title, children }: { title?: string; children: ReactNode }) {
  const { displayName, tagline, logoText } = useBranding();
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', p: 2 }}>
      <Stack alignItems="center" spacing={1} sx={{ mb: 3, textAlign: 'center' }}>
        <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56, fontWeight: 700 }} aria-hidden>
          {logoText}
        </Avatar>
        <Typography variant="h5" component="p" fontWeight={700}>
          {displayName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {tagline}
        </Typography>
      </Stack>
      <Card elevation={2}>
        <CardContent sx={{ p: 3 }}>
          {title && (
            <Typography variant="h6" component="h1" gutterBottom>
              {title}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
