import type { ThemeOptions } from '@mui/material/styles';

const shared: ThemeOptions = {
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
};

/**
 * The light theme of the back office: honey amber on warm white. The sign-in page (plain MUI,
 * Root.tsx) creates it with createTheme; react-admin (App.tsx) takes the same options, merged
 * over its default theme's palette (`adminThemeFrom`).
 */
export const themeOptions: ThemeOptions = {
  ...shared,
  palette: {
    // Amber dark enough for a focused label on a filled input's grey (#f0f0f0): 5.3:1 (WCAG AA 4.5).
    primary: { main: '#a3480a', contrastText: '#ffffff' },
    secondary: { main: '#1f2937' },
    background: { default: '#fffbeb' },
    // MUI's default error red (#d32f2f) is 4.4:1 on a filled input's grey: below WCAG AA.
    error: { main: '#c62828' },
  },
};

/**
 * The dark theme: honey amber on warm near-black, for staff who follow their system's dark
 * setting or choose it in the sidebar. Each colour keeps 4.5:1 (WCAG AA) where it is text: the
 * amber and the red on a focused filled input (#2f2a24) and on the paper, dark text on an amber button.
 */
export const darkThemeOptions: ThemeOptions = {
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#f5b03c', contrastText: '#1c1406' },
    secondary: { main: '#e5e7eb' },
    background: { default: '#15120e', paper: '#1f1b16' },
    error: { main: '#f28b82' },
  },
};

/** react-admin's theme: its default theme (passed in, so the sign-in chunk stays without react-admin) under ours. */
export const adminThemeFrom = <T extends ThemeOptions>(base: T, options: ThemeOptions = themeOptions): T =>
  ({ ...base, ...options, palette: { ...base.palette, ...options.palette } }) as T;
