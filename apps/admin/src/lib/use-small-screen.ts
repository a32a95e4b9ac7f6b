import { useMediaQuery, useTheme } from '@mui/material';

/** A phone (below MUI's sm, 600 px): lists instead of tables, full-screen dialogs. */
export function useSmallScreen(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}
