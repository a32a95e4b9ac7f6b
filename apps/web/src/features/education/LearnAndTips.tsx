import { Accordion, AccordionDetails, AccordionSummary, Button, Chip, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import { EDUCATION_FALLBACKS, type EducationItem } from '@fodmap/contracts';
import { Suspense, useEffect, useState } from 'react';
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
  const [showMore, setShowMore] = useState(false);
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

  return (
    <Accordion defaultExpanded variant="outlined" disableGutters slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" spacing={1} alignItems="center">
          <LightbulbIcon color="primary" aria-hidden />
          <Typography variant="subtitle1" component="span" fontWeight={600}>
            Learn &amp; Tips
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
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
      </AccordionDetails>
      {readerUsed && (
        <Suspense fallback={null}>
          <ArticleDialog article={reading} open={readerOpen} onClose={() => setReaderOpen(false)} />
        </Suspense>
      )}
    </Accordion>
  );
}
