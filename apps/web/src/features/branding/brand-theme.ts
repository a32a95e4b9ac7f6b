import { createTheme, type Theme } from '@mui/material/styles';
import { DEFAULT_DOMAIN_CONFIG, type DomainConfig } from '@fodmap/contracts';

/** The smallest side of anything tapped. */
const TOUCH_TARGET_PX = 44;

function themeFor(primary: string, secondary: string): Theme {
  return createTheme({
    palette: { primary: { main: primary }, secondary: { main: secondary }, background: { default: '#f4f6f8' } },
    shape: { borderRadius: 12 },
    typography: { button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      // Every button can be hit with a thumb: at least 44 × 44 px (WCAG 2.5.5), whatever its size or look.
      MuiButton: { styleOverrides: { root: { minHeight: TOUCH_TARGET_PX } } },
      MuiIconButton: { styleOverrides: { root: { minWidth: TOUCH_TARGET_PX, minHeight: TOUCH_TARGET_PX } } },
      // Its clear and open buttons stay small inside the field (the field is the target), and the text stops short of
      // them at any text size: MUI reserves their room in px, while the icons grow with the text.
      MuiAutocomplete: {
        styleOverrides: {
          root: {
            '&.MuiAutocomplete-hasPopupIcon .MuiOutlinedInput-root, &.MuiAutocomplete-hasClearIcon .MuiOutlinedInput-root': { paddingRight: 'calc(1.75rem + 13px)' },
            '&.MuiAutocomplete-hasPopupIcon.MuiAutocomplete-hasClearIcon .MuiOutlinedInput-root': { paddingRight: 'calc(3.5rem + 13px)' },
          },
          clearIndicator: { minWidth: 0, minHeight: 0 },
          popupIndicator: { minWidth: 0, minHeight: 0 },
        },
      },
      // A small field's text keeps clear of its floating label at any text size: MUI's 8.5 px above it is 0.53 em.
      MuiOutlinedInput: {
        styleOverrides: { input: ({ ownerState }) => (ownerState.size === 'small' && !ownerState.multiline ? { paddingTop: '0.53em', paddingBottom: '0.53em' } : {}) },
      },
      // A native select's text stops short of its arrow, which grows with the text (MUI leaves 32 px for it).
      MuiNativeSelect: { styleOverrides: { select: { '&&&&': { paddingRight: 'calc(1.5rem + 12px)' } } } },
      // A row of choices (meal type, severity) shares its width equally, and wraps onto a second row when large text makes
      // a choice wider than its share, rather than running off a narrow screen.
      MuiToggleButtonGroup: { styleOverrides: { root: { flexWrap: 'wrap' }, grouped: { flex: '1 1 0', minWidth: 'min-content' } } },
      // A chip's words wrap onto a second line rather than end in '…' when large text makes them wider than the screen.
      MuiChip: { styleOverrides: { root: { height: 'auto', minHeight: 24 }, label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } } },
    },
  });
}

/** MUI rejects colours it cannot parse; a typo in one host's config must not take the whole app down. */
export function brandTheme(config: DomainConfig): Theme {
  try {
    return themeFor(config.primaryColor, config.secondaryColor);
  } catch {
    return themeFor(DEFAULT_DOMAIN_CONFIG.primaryColor, DEFAULT_DOMAIN_CONFIG.secondaryColor);
  }
}
