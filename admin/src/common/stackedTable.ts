/**
 * Tables on a phone: below the `sm` breakpoint each row becomes a block of "label value" lines,
 * so a table of several columns needs no sideways scrolling (CSS only: it follows rotation and
 * resizing). A cell names its column with `data-label` (MUI tables) or `stackedCellSx(label)`
 * (a react-admin DataTable.Col's cellSx). The header row stays for screen readers, visually hidden.
 */
import type { Theme } from '@mui/material/styles';

const PHONE = '@media (max-width: 599.95px)';

export const stackedTableSx = (theme: Theme) => stackedTableHidingSx()(theme);

/** stackedTableSx, leaving out on a phone the columns of these sources (react-admin's `column-<source>` cells). */
export const stackedTableHidingSx = (...hidden: string[]) => (theme: Theme) => ({
  [PHONE]: {
    ...(hidden.length ? { [hidden.map((s) => `& .column-${s}`).join(', ')]: { display: 'none' } } : {}),
    display: 'block',
    '& tbody, & tr': { display: 'block' },
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
    '& tr': { py: 1, borderBottom: `1px solid ${theme.palette.divider}` },
    '& td': {
      display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, border: 0, py: 0.25, px: 0.5,
      textAlign: 'right', overflowWrap: 'anywhere', whiteSpace: 'normal',
    },
    '& td::before': { fontWeight: 600, textAlign: 'left', flexShrink: 0, color: theme.palette.text.secondary },
    '& td[data-label]::before': { content: 'attr(data-label)' },
    // A cell without words (an empty one, an action column) takes no line.
    '& td:empty': { display: 'none' },
  },
});

/** A DataTable.Col's cellSx naming its column on a phone (the stacked table's line label). */
export const stackedCellSx = (label: string) => () => ({ [PHONE]: { '&::before': { content: JSON.stringify(label) } } });
