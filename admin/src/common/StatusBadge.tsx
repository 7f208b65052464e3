import Chip from '@mui/material/Chip';

/** Badge colour per status value; anything unknown is grey. */
export const STATUS_COLOURS: Record<string, { bg: string; fg: string }> = {
  scheduled: { bg: '#dbeafe', fg: '#1e40af' }, // blue
  completed: { bg: '#dcfce7', fg: '#166534' }, // green
  active: { bg: '#dcfce7', fg: '#166534' },
  cancelled: { bg: '#fee2e2', fg: '#991b1b' }, // red
  inactive: { bg: '#fee2e2', fg: '#991b1b' },
  pending: { bg: '#fef9c3', fg: '#854d0e' }, // amber
};
const GREY = { bg: '#f3f4f6', fg: '#374151' };

export const capitalize = (value: string): string =>
  value ? value.charAt(0).toUpperCase() + value.slice(1) : value;

interface StatusBadgeProps {
  status: string | null | undefined;
  /** Overrides the shown text (default: the capitalised status). */
  label?: string;
  /** Overrides the colour key (default: the status itself). */
  colourKey?: string;
}

export function StatusBadge({ status, label, colourKey }: StatusBadgeProps) {
  const key = (colourKey ?? status ?? '').toLowerCase();
  const colour = STATUS_COLOURS[key] ?? GREY;
  return (
    <Chip
      size="small"
      label={label ?? capitalize(status ?? 'Unknown')}
      data-status={key || 'unknown'}
      sx={{ bgcolor: colour.bg, color: colour.fg, fontWeight: 600 }}
    />
  );
}
