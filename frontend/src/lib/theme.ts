import { createTheme } from '@mui/material/styles';

/** Dark steel with brass accents, for engraved blades. */
export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#c8a25a', light: '#e0c48a', dark: '#9a7a3c', contrastText: '#17191c' },
    secondary: { main: '#8fa3b3', contrastText: '#17191c' },
    background: { default: '#15181c', paper: '#1f242a' },
    text: { primary: '#e6e8ea', secondary: '#a9b3bc' },
    error: { main: '#ff7b7b', contrastText: '#17191c' },
    warning: { main: '#f0a93b' },
    success: { main: '#5fc77f' },
    divider: 'rgba(200, 162, 90, 0.25)',
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontFamily: 'Georgia, "Times New Roman", serif' },
    h2: { fontFamily: 'Georgia, "Times New Roman", serif' },
    h3: { fontFamily: 'Georgia, "Times New Roman", serif' },
    h4: { fontFamily: 'Georgia, "Times New Roman", serif' },
  },
  components: {
    // A visible focus ring on everything reachable by Tab (MUI's own ripple is faint on the dark theme).
    MuiCssBaseline: {
      styleOverrides: (theme) => ({
        'a:focus-visible, [tabindex]:not(main):focus-visible': { outline: `2px solid ${theme.palette.primary.light}`, outlineOffset: 2 },
      }),
    },
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.light}`, outlineOffset: 2 } }),
      },
    },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'linear-gradient(160deg, rgba(143,163,179,0.06), rgba(0,0,0,0))' } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
