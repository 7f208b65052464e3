import type { ReactNode } from 'react';
import { Button, Tooltip } from '@mui/material';

/**
 * A call to action the specification shows without behaviour (e.g. 'Create Event'): rendered
 * disabled with a tooltip so it never looks broken when clicked.
 */
export const ComingSoonButton = ({ label, icon }: { label: string; icon?: ReactNode }) => (
  <Tooltip title="Coming soon">
    <span>
      <Button variant="contained" disabled startIcon={icon}>
        {label}
      </Button>
    </span>
  </Tooltip>
);
