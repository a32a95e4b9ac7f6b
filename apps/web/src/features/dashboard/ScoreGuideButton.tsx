import { Box, IconButton, Stack, Typography } from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { alpha, useTheme } from '@mui/material/styles';
import { DAY_SCORE_BANDS, dayScoreRelation } from '@fodmap/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { scoreTone } from '../../components/score-tone';

/** Spec §9 tooltip timing: opens after 700 ms of hovering. */
export const SCORE_GUIDE_DELAY_MS = 700;

/** '80–100', '60–79', …, 'Below 40': each band from its lower bound to the next one's. */
function bandRange(index: number): string {
  const { from } = DAY_SCORE_BANDS[index];
  if (index === DAY_SCORE_BANDS.length - 1) return `Below ${DAY_SCORE_BANDS[index - 1].from}`;
  return `${from}–${index === 0 ? 100 : DAY_SCORE_BANDS[index - 1].from - 1}`;
}

function ScoreGuide() {
  const theme = useTheme();
  return (
    <Stack spacing={0.5} sx={{ p: 0.5 }}>
      <Typography variant="subtitle2">Today’s score guide</Typography>
      <Typography variant="body2">{dayScoreRelation('Today')}</Typography>
      {DAY_SCORE_BANDS.map(({ band, color, label }, index) => (
        <Stack key={band} direction="row" spacing={1} alignItems="center">
          <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: scoreTone(color, theme).main, border: '1px solid white' }} />
          <Typography variant="body2">
            {bandRange(index)} {label.toLowerCase()} ({color})
          </Typography>
        </Stack>
      ))}
      <Typography variant="body2">Unknown-rated foods are not counted.</Typography>
    </Stack>
  );
}

/** Keyboard focus shows the guide as hover does; a click's focus does not (the click itself toggles it). */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // A browser (or jsdom) that does not know the pseudo-class: only the click and hover open the guide there.
    return false;
  }
}

/**
 * The score guide as a tooltip drawn under its icon, without MUI's Tooltip: that one brings Popper.js and its
 * transitions (about 13 KB gzip) to the dashboard's first load for a guide few people open. Hover or keyboard focus waits
 * the spec's 700 ms; a tap on the icon opens and closes it at once, since a phone has no hover; a tap elsewhere or
 * Escape closes it. Moving the pointer from the icon onto the guide keeps it open.
 */
export function ScoreGuideButton() {
  const theme = useTheme();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const root = useRef<HTMLSpanElement>(null);
  const guideId = useId();

  const openLater = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), SCORE_GUIDE_DELAY_MS);
  };
  const close = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const fill = alpha(theme.palette.grey[700], 0.92);
  return (
    <Box component="span" ref={root} onMouseEnter={openLater} onMouseLeave={close} sx={{ position: 'relative', display: 'inline-flex' }}>
      <IconButton
        size="small"
        aria-label="Score guide"
        aria-describedby={open ? guideId : undefined}
        onClick={() => {
          clearTimeout(timer.current);
          setOpen((current) => !current);
        }}
        onFocus={(event) => {
          if (focusVisible(event.currentTarget)) openLater();
        }}
        onBlur={close}
      >
        <InfoOutlinedIcon fontSize="small" />
      </IconButton>
      {open && (
        <Box
          role="tooltip"
          id={guideId}
          sx={{
            position: 'absolute',
            top: '100%',
            left: '50%',
            transform: 'translateX(-50%)',
            mt: 1,
            width: 'max-content',
            maxWidth: 'min(300px, calc(100vw - 32px))',
            zIndex: 'tooltip',
            px: 1,
            py: 0.5,
            borderRadius: 1,
            bgcolor: fill,
            color: 'common.white',
            // The arrow: a triangle above the guide, pointing at the icon.
            '&::before': { content: '""', position: 'absolute', bottom: '100%', left: '50%', ml: '-6px', border: '6px solid transparent', borderBottomColor: fill },
          }}
        >
          <ScoreGuide />
        </Box>
      )}
    </Box>
  );
}
