import type { ThemeOptions } from '@mui/material/styles';

/** Shared by the sign-in page (plain MUI) and react-admin: honey amber on warm white. */
export const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: '#b45309', contrastText: '#ffffff' },
    secondary: { main: '#1f2937' },
    background: { default: '#fffbeb' },
    // MUI's default error red (#d32f2f) is 4.4:1 on a filled input's grey: below WCAG AA.
    error: { main: '#c62828' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
};
