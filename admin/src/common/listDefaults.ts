/**
 * Shared settings of the resource list pages (events, hives, users, media, messages, subscribers).
 */

/**
 * Specification §8: a failure loading events, media, users or hives is logged, nothing is shown
 * to the user and the list stays empty. Pass as a List's `queryOptions` (replacing react-admin's
 * error toast) together with `error={<the empty state />}`.
 */
export const logOnlyOnError = (what: string) => ({
  onError: (error: unknown) => {
    console.error(`Failed to load ${what}:`, error);
  },
});

/** A wide table scrolls inside its card instead of widening the page (phones, long e-mails). */
export const scrollableListSx = {
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-content': { overflowX: 'auto' },
} as const;

/** The list toolbar as one row: search on the left, other controls on the right. */
export const toolbarSx = {
  display: 'flex',
  flex: 1,
  flexWrap: 'wrap',
  gap: 1,
  alignItems: 'center',
  justifyContent: 'space-between',
  py: 1,
} as const;

/**
 * DataTable `sx` for phones: hides the given columns (by source) and tightens the cell padding,
 * so that the status and actions stay in view. CSS only, so it follows rotation and resizing.
 * Wider screens keep 12 px a side (MUI's 16 px left the orders list's eight columns, with their
 * badges and the View Details button, 60-70 px wider than its card at 1,280 px).
 */
export const phoneTableSx = (...hidden: string[]) => ({
  '& .MuiTableCell-root': { px: { xs: 1, sm: 1.5 } },
  ...(hidden.length
    ? { [hidden.map((s) => `& .column-${s}`).join(', ')]: { display: { xs: 'none', sm: 'table-cell' } } }
    : {}),
});

