import { Box, Button, ButtonBase, Card, Chip, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import { EDUCATION_FALLBACKS, type EducationItem } from '@fodmap/contracts';
import { Suspense, useEffect, useId, useState } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { useOnceTrue } from '../../lib/use-once-true';
import { useSessionExpiredHandler } from '../session/use-unauthorized';
import { useEducation } from './education-api';
import { CATEGORY_LABELS, readTimeLabel } from './education-format';

// The reader loads when an article is first opened.
const ArticleDialog = lazyNamed(() => import('./ArticleDialog'), 'ArticleDialog');

/** Spec §9: the dashboard shows 2 items; the rest are one tap further. */
export const DASHBOARD_EDUCATION_ITEMS = 2;

function ArticleRow({ article, onOpen }: { article: EducationItem; onOpen: (article: EducationItem) => void }) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton onClick={() => onOpen(article)} sx={{ px: 1, alignItems: 'flex-start' }}>
        <ListItemText
          primary={article.title}
          secondary={
            <>
              <Typography component="span" variant="body2" color="text.secondary" display="block">
                {article.summary}
              </Typography>
              <Stack component="span" direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
                <Chip component="span" size="small" label={CATEGORY_LABELS[article.category]} />
                <Typography component="span" variant="caption" color="text.secondary">
                  {readTimeLabel(article.readTime)}
                </Typography>
              </Stack>
            </>
          }
          slotProps={{ primary: { fontWeight: 500 } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/** Spec §2 Dashboard Learn & Tips: two articles, the rest under 'More articles', each readable in the app. */
export function LearnAndTips() {
  const education = useEducation();
  const handleSessionExpired = useSessionExpiredHandler();
  const [expanded, setExpanded] = useState(true);
  const [showMore, setShowMore] = useState(false);
  const headingId = useId();
  const panelId = useId();
  // The last article opened stays in the reader while it slides away.
  const [reading, setReading] = useState<EducationItem | null>(null);
  const [readerOpen, setReaderOpen] = useState(false);
  const readerUsed = useOnceTrue(readerOpen);
  const open = (article: EducationItem) => {
    setReading(article);
    setReaderOpen(true);
  };

  useEffect(() => {
    if (education.error) handleSessionExpired(education.error);
  }, [education.error, handleSessionExpired]);

  const articles = education.data ?? [];
  const more = articles.slice(DASHBOARD_EDUCATION_ITEMS);

  // Spec §2's accordion as a heading's button that shows and hides the list: MUI's Accordion would bring its Collapse
  // animation (about 5 KB gzip) to the dashboard's first load.
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2" fontWeight={600}>
        <ButtonBase
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((current) => !current)}
          sx={{ width: '100%', minHeight: 48, px: 2, py: 1.5, gap: 1, justifyContent: 'flex-start', font: 'inherit', '&.Mui-focusVisible': { bgcolor: 'action.focus' } }}
        >
          <LightbulbIcon color="primary" aria-hidden />
          <Box component="span" sx={{ flex: 1, textAlign: 'left' }}>
            Learn &amp; Tips
          </Box>
          <ExpandMoreIcon aria-hidden sx={{ color: 'action.active', transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
        </ButtonBase>
      </Typography>
      <Box id={panelId} hidden={!expanded} sx={{ px: 2, pb: 2 }}>
        {articles.length === 0 ? (
          // Spec §2: until the articles arrive (or when they cannot), the two titles the product always had.
          <List disablePadding aria-label="Articles">
            {EDUCATION_FALLBACKS.map((fallback) => (
              <ListItem key={fallback.title} divider sx={{ px: 1 }}>
                <ListItemText primary={fallback.title} secondary={readTimeLabel(fallback.readTime)} slotProps={{ primary: { fontWeight: 500 } }} />
              </ListItem>
            ))}
          </List>
        ) : (
          <>
            <List disablePadding aria-label="Articles">
              {articles.slice(0, DASHBOARD_EDUCATION_ITEMS).map((article) => (
                <ArticleRow key={article.id} article={article} onOpen={open} />
              ))}
            </List>
            {more.length > 0 && (
              <>
                <Button fullWidth onClick={() => setShowMore((current) => !current)} aria-expanded={showMore} sx={{ mt: 1 }}>
                  {showMore ? 'Fewer articles' : 'More articles'}
                </Button>
                {showMore && (
                  <List disablePadding aria-label="More articles">
                    {more.map((article) => (
                      <ArticleRow key={article.id} article={article} onOpen={open} />
                    ))}
                  </List>
                )}
              </>
            )}
          </>
        )}
      </Box>
      {readerUsed && (
        <Suspense fallback={null}>
          <ArticleDialog article={reading} open={readerOpen} onClose={() => setReaderOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
}
