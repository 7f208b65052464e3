/**
 * Per-IP request limits, counted over a sliding 5-minute window like GoTrue's `[auth.rate_limit]`
 * values. Limits come from config.toml or env; they are never switched off in code.
 */
const WINDOW_MS = 5 * 60 * 1000;

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly perWindow: number) {}

  /** Records a request from `key`; false when the window already holds `perWindow` requests. */
  take(key: string, now = Date.now()): boolean {
    const since = now - WINDOW_MS;
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
