import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface EmptyStateProps {
  message: string;
  /** Button text; no button when omitted. */
  actionLabel?: string;
  onAction?: () => void;
  /** Placeholders show their button disabled ("no behaviour shown" in the spec). */
  actionDisabled?: boolean;
  icon?: ReactNode;
}

export function EmptyState({ message, actionLabel, onAction, actionDisabled, icon }: EmptyStateProps) {
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="empty-state">
      {icon}
      <Typography color="text.secondary" sx={{ mb: actionLabel ? 2 : 0 }}>
        {message}
      </Typography>
      {actionLabel && (
        <Button variant="contained" onClick={onAction} disabled={actionDisabled}>
          {actionLabel}
        </Button>
      )}
    </Box>
  );
}
