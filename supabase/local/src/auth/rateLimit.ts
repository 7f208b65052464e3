/**
 * Per-IP request limits, counted over a sliding window like GoTrue's `[auth.rate_limit]` values
 * (5 minutes for sign-ins and refreshes, an hour for e-mails sent). Limits come from config.toml
 * or env; they are never switched off in code.
 */
export const FIVE_MINUTES_MS = 5 * 60 * 1000;
export const ONE_HOUR_MS = 60 * 60 * 1000;

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = FIVE_MINUTES_MS,
  ) {}

  /** Records a request from `key`; false when the window already holds `perWindow` requests. */
  take(key: string, now = Date.now()): boolean {
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (recent.length >= this.perWindow) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(since);
    return true;
  }

  private prune(since: number): void {
    for (const [key, times] of this.hits) {
      if (!times.some((t) => t > since)) this.hits.delete(key);
    }
  }
}
