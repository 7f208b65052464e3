import type { ThemeOptions } from '@mui/material/styles';

/**
 * The one theme of the back office: honey amber on warm white. The sign-in page (plain MUI,
 * Root.tsx) creates it with createTheme; react-admin (App.tsx) takes the same options, merged
 * over its default theme's palette, as `adminTheme`.
 */
export const themeOptions: ThemeOptions = {
  palette: {
    // Amber dark enough for a focused label on a filled input's grey (#f0f0f0): 5.3:1 (WCAG AA 4.5).
    primary: { main: '#a3480a', contrastText: '#ffffff' },
    secondary: { main: '#1f2937' },
    background: { default: '#fffbeb' },
    // MUI's default error red (#d32f2f) is 4.4:1 on a filled input's grey: below WCAG AA.
    error: { main: '#c62828' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
};

/** react-admin's theme: its default theme (passed in, so the sign-in chunk stays without react-admin) under ours. */
export const adminThemeFrom = <T extends ThemeOptions>(base: T): T =>
  ({ ...base, ...themeOptions, palette: { ...base.palette, ...themeOptions.palette } }) as T;
