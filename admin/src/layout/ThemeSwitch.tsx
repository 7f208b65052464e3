/**
 * The dark theme on or off, in the sidebar's user part. Until it is used the back office follows
 * the system's setting (react-admin's `useTheme` defaults to prefers-color-scheme); the choice is
 * then kept in the store, so per browser (a sign-out keeps it, providers/store.ts).
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTheme, useTranslate } from 'react-admin';

export function ThemeSwitch() {
  const [mode, setMode] = useTheme();
  const translate = useTranslate();
  return (
    <FormControlLabel
      sx={{ mt: 1, ml: 0 }}
      control={<Switch size="small" checked={mode === 'dark'} onChange={(e) => setMode(e.target.checked ? 'dark' : 'light')} />}
      label={translate('buzz.dark_theme')}
    />
  );
}
