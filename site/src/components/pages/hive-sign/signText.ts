/** A hive sign's path on the site, its words filled, the season of a day and staff's inspection link. */

/** A hive's sign page: /hive/<code> (codes are [A-Z0-9], checked in the database). */
export const hiveSignPath = (code: string) => `/hive/${code}`;

/** "{name} in {neighbourhood}" with the hive's values; an unknown {name} is left as written. */
export function fillSignText(text: string, values: Record<string, string | null | undefined>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export type Season = 'spring' | 'summer' | 'fall' | 'winter';

/** The season of a day in the northern hemisphere, by month (March-May spring, and so on). */
export function seasonOf(day: Date): Season {
  const month = day.getMonth();
  if (month >= 2 && month <= 4) return 'spring';
  if (month >= 5 && month <= 7) return 'summer';
  if (month >= 8 && month <= 10) return 'fall';
  return 'winter';
}

/** YYYY-MM-DD of the visitor's own day. */
export const localDay = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

/** The back office's inspection form with the hive chosen and the day filled (react-admin's `source`). */
export const logInspectionPath = (hiveId: string, day: string) =>
  `/admin/inspections/create?source=${encodeURIComponent(JSON.stringify({ hive_id: hiveId, inspected_on: day }))}`;

/**
 * Whether this browser holds a back-office session: the admin (same origin) keeps supabase-js's
 * session in localStorage as sb-<ref>-auth-token. Only decides whether to offer the link; the back
 * office itself checks the session and the role.
 */
export function hasStaffSession(storage: Pick<Storage, 'length' | 'key' | 'getItem'>): boolean {
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (!key || !/^sb-.+-auth-token$/.test(key)) continue;
    try {
      const session = JSON.parse(storage.getItem(key) ?? 'null') as { access_token?: string } | null;
      if (session?.access_token) return true;
    } catch {
      // not a session
    }
  }
  return false;
}
