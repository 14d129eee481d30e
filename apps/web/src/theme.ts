import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * Touch screens (the inspectors' tablets): buttons, icon buttons, checkboxes, link-buttons and the column headers'
 * sort buttons are at least 44 × 44 px there (WCAG 2.5.5); a mouse keeps the denser desktop sizes.
 */
export const coarsePointer = '@media (pointer: coarse)';

/** One look for the public pages and the react-admin shell (passed to <Admin theme>). */
export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: '#17324d', light: '#2c5278', dark: '#0d2033', contrastText: '#ffffff' },
    secondary: { main: '#f2a900', contrastText: '#17324d' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
    text: { primary: '#1b2430', secondary: '#5b6776' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.375rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { [coarsePointer]: { minHeight: 44 } } } },
    MuiIconButton: { styleOverrides: { root: { [coarsePointer]: { minWidth: 44, minHeight: 44 } } } },
    MuiCheckbox: { styleOverrides: { root: { [coarsePointer]: { minWidth: 44, minHeight: 44 } } } },
    MuiLink: { styleOverrides: { button: { [coarsePointer]: { minHeight: 44 } } } },
    // a header's sort button was 24 px high on a tablet (issue 20, My audits' Customer and Status sorts)
    MuiTableSortLabel: { styleOverrides: { root: { [coarsePointer]: { minHeight: 44, minWidth: 44 } } } },
    MuiTextField: { defaultProps: { fullWidth: true, variant: 'outlined' } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#dde2e8' } } },
  },
};

export const theme = createTheme(themeOptions);

export const PRODUCT_NAME = 'Equipment Inspections';
