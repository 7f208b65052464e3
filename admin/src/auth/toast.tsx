/**
 * Toasts of the sign-in page. They live above the router, so 'Signed in successfully!' stays
 * visible while the admin loads. One toast at a time: a new one replaces the current one.
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';

type Severity = 'success' | 'error' | 'info';
/** An optional link in the toast, e.g. 'Set up' -> the Security page (the toasts live above the router). */
export interface ToastAction { label: string; to: string }
interface Toast { key: number; message: string; severity: Severity; action?: ToastAction; duration: number }
type ShowToast = (message: string, severity?: Severity, action?: ToastAction) => void;

const ToastContext = createContext<ShowToast>(() => undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const show = useCallback<ShowToast>((message, severity = 'info', action) => {
    // A toast with an action stays longer, so there is time to use it.
    setToast({ key: Date.now(), message, severity, action, duration: action ? 10000 : 4000 });
  }, []);
  const close = () => setToast(null);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <Snackbar
        key={toast?.key}
        open={toast !== null}
        autoHideDuration={toast?.duration ?? 4000}
        onClose={(_, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={toast?.severity ?? 'info'}
          // A toast with a link is not filled: its dark text on a light ground reads at AA contrast.
          variant={toast?.action ? 'standard' : 'filled'}
          elevation={toast?.action ? 6 : undefined}
          onClose={close}
          sx={{ width: '100%' }}
          action={toast?.action ? (
            <Button color="inherit" size="small" href={toast.action.to}>
              {toast.action.label}
            </Button>
          ) : undefined}
        >
          {toast?.message}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export const useToast = (): ShowToast => useContext(ToastContext);
