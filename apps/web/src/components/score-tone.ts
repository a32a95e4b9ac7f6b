import type { Theme } from '@mui/material/styles';

/** The colour names of the spec's score bands (§4 meal, §9 day), as the shades a chip or figure is drawn in. */
export type ScoreColor = 'green' | 'yellow' | 'orange' | 'red' | 'grey';

/** `main` fills, `text` writes on a pale fill of `main`; the band's words carry the meaning for anyone who cannot tell colours apart. */
export function scoreTone(color: string, theme: Theme): { main: string; text: string } {
  switch (color) {
    case 'green':
      return { main: theme.palette.success.main, text: theme.palette.success.dark };
    case 'yellow':
      return { main: '#f9a825', text: '#7a5600' };
    case 'orange':
      return { main: '#ef6c00', text: '#a34a00' };
    case 'red':
      return { main: theme.palette.error.main, text: theme.palette.error.dark };
    default:
      return { main: theme.palette.grey[500], text: theme.palette.grey[800] };
  }
}
