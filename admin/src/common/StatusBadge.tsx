import Chip from '@mui/material/Chip';

/** Badge colours (of a declared enum's values, a build's state...); values without one are grey. */
export type BadgeColour = 'blue' | 'green' | 'red' | 'amber' | 'grey';

/** The badge palette (text on tint, WCAG AA). */
export const BADGE_COLOURS: Record<BadgeColour, { bg: string; fg: string }> = {
  blue: { bg: '#dbeafe', fg: '#1e40af' },
  green: { bg: '#dcfce7', fg: '#166534' },
  red: { bg: '#fee2e2', fg: '#991b1b' },
  amber: { bg: '#fef9c3', fg: '#854d0e' },
  grey: { bg: '#f3f4f6', fg: '#374151' },
};

/** Colours of the statuses shown outside a declared enum (users' active/inactive, messages). */
const STATUS_COLOURS: Record<string, BadgeColour> = {
  completed: 'green', active: 'green', inactive: 'red', pending: 'amber',
};

export const capitalize = (value: string): string =>
  value ? value.charAt(0).toUpperCase() + value.slice(1) : value;

interface StatusBadgeProps {
  status: string | null | undefined;
  /** Overrides the shown text (default: the capitalised status). */
  label?: string;
  /** The colour (default: by status; unknown statuses are grey). */
  colour?: BadgeColour;
  /** Colour as that of another status (e.g. 'handled' shown like 'completed'). */
  colourKey?: string;
}

export function StatusBadge({ status, label, colour, colourKey }: StatusBadgeProps) {
  const key = (status ?? '').toLowerCase();
  const { bg, fg } = BADGE_COLOURS[colour ?? STATUS_COLOURS[(colourKey ?? key).toLowerCase()] ?? 'grey'];
  return (
    <Chip
      size="small"
      label={label ?? capitalize(status ?? 'Unknown')}
      data-status={key || 'unknown'}
      sx={{ bgcolor: bg, color: fg, fontWeight: 600 }}
    />
  );
}
