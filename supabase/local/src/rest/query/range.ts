/**
 * Rows asked for and the answer's status and Content-Range, as PostgREST computes them
 * (`ApiRequest.hs` getRanges, `RangeQuery.hs` rangeParse/rangeStatusHeader/contentRangeH):
 * `limit`/`offset` intersected with the `Range` header (GET only, per RFC 9110), capped by
 * db-max-rows; 206 when the page is smaller than the counted total, 416 past its end.
 */
import { RestError } from '../errors.js';

export interface RowRange {
  offset: number;
  limit: number | null;
}

const RANGE_NOT_SATISFIABLE = 'Requested range not satisfiable';

export function requestedRange(
  limit: number | null, offset: number | null, rangeHeader: string | undefined, maxRows: number,
): RowRange {
  const lower = offset ?? 0;
  let lo = lower;
  let hi = limit === null ? Infinity : lower + limit - 1;
  let headerEmpty = false;
  const m = rangeHeader === undefined ? null : /^([0-9]+)-([0-9]*)$/.exec(rangeHeader.trim());
  if (m) {
    const a = Number(m[1]);
    const b = m[2] === '' ? Infinity : Number(m[2]);
    headerEmpty = b < a;
    lo = Math.max(lo, a);
    hi = Math.min(hi, b);
  }
  if (limit === 0 && lower === 0) return { offset: 0, limit: 0 };
  if (hi < lo || headerEmpty) {
    throw new RestError(416, 'PGRST103', RANGE_NOT_SATISFIABLE, headerEmpty
      ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'
      : 'Limit should be greater than or equal to zero.');
  }
  if (maxRows > 0) hi = Math.min(hi, lo + maxRows - 1);
  return { offset: lo, limit: hi === Infinity ? null : hi - lo + 1 };
}

/** The status and Content-Range of a result of `rows` rows starting at `offset`. */
export function rangeStatus(offset: number, rows: number, total: number | null): { status: number; contentRange: string } {
  const upper = offset + rows - 1;
  const range = total !== 0 && offset <= upper ? `${offset}-${upper}` : '*';
  const contentRange = `${range}/${total ?? '*'}`;
  if (total === null) return { status: 200, contentRange };
  if (offset > total) {
    throw new RestError(416, 'PGRST103', RANGE_NOT_SATISFIABLE,
      `An offset of ${offset} was requested, but there are only ${total} rows.`, null, { 'content-range': contentRange });
  }
  return { status: 1 + upper - offset < total ? 206 : 200, contentRange };
}
