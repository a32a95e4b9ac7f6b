import { AppBar, Box, Chip, Dialog, IconButton, Link, List, ListItem, Stack, Toolbar, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { EducationItem } from '@fodmap/contracts';
import { useId } from 'react';
import { CATEGORY_LABELS, readTimeLabel } from './education-format';
import { useBackToClose } from '../../lib/use-back-to-close';

/** One article, read in the app: full screen, since a phone has no room for a reader beside the dashboard. */
export function ArticleDialog({ article, open, onClose }: { article: EducationItem | null; open: boolean; onClose: () => void }) {
  const titleId = useId();
  useBackToClose(open && article !== null, onClose);
  return (
    <Dialog open={open && article !== null} onClose={onClose} fullScreen aria-labelledby={titleId}>
      {article && (
        <>
          <AppBar position="sticky" elevation={0}>
            <Toolbar sx={{ gap: 1 }}>
              <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
                {article.title}
              </Typography>
              <IconButton color="inherit" edge="end" onClick={onClose} aria-label="Close">
                <CloseIcon />
              </IconButton>
            </Toolbar>
          </AppBar>
          <Box component="article" sx={{ p: 2, pb: 'calc(24px + env(safe-area-inset-bottom))', maxWidth: 680, mx: 'auto' }}>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
              <Chip size="small" label={CATEGORY_LABELS[article.category]} />
              <Typography variant="body2" color="text.secondary">
                {readTimeLabel(article.readTime)}
              </Typography>
            </Stack>
            <Typography variant="subtitle1" component="p" fontWeight={500} sx={{ mb: 2 }}>
              {article.summary}
            </Typography>
            {article.body.map((paragraph, index) => (
              <Typography key={index} variant="body1" sx={{ mb: 2 }}>
                {paragraph}
              </Typography>
            ))}
            {article.sources.length > 0 && (
              <Box component="section" aria-labelledby={`${titleId}-sources`}>
                <Typography id={`${titleId}-sources`} variant="subtitle2" component="h3">
                  Sources
                </Typography>
                <List dense>
                  {article.sources.map((source) => (
                    <ListItem key={source.url} disableGutters>
                      <Link href={source.url} target="_blank" rel="noopener noreferrer">
                        {source.title}
                      </Link>
                    </ListItem>
                  ))}
                </List>
              </Box>
            )}
          </Box>
        </>
      )}
    </Dialog>
  );
}
