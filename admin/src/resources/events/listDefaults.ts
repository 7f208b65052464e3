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
