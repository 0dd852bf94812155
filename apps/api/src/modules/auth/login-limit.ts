/**
 * How many login attempts one client address may make across all usernames in a window, so that
 * spraying passwords over many accounts from one address is stopped (the per-username limit
 * alone lets every new username start afresh).
 *
 * A well-formed attempt counts when it starts, so that a burst of parallel attempts cannot slip
 * past before their failures are known; a login that succeeds takes its own count back. People
 * signing in behind one office address therefore never use the budget; only failures do.
 * Counts live in this instance's memory (N instances allow up to N times the figure).
 */
export class LoginAttemptLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt from `ip`; over the budget it answers the seconds until the window resets. */
  begin(ip: string): number | undefined {
    const at = this.now();
    let window = this.windows.get(ip);
    if (!window || at - window.startedAt >= this.windowMs) {
      window = { startedAt: at, count: 0 };
      this.windows.set(ip, window);
    }
    if (window.count >= this.max) {
      return Math.max(1, Math.ceil((window.startedAt + this.windowMs - at) / 1000));
    }
    window.count += 1;
    if (this.windows.size > 50_000) this.sweep(at);
    return undefined;
  }

  /** A successful login gives back the attempt `begin` counted for it. */
  succeeded(ip: string): void {
    const window = this.windows.get(ip);
    if (window && window.count > 0) window.count -= 1;
  }

  private sweep(at: number): void {
    for (const [ip, window] of this.windows) {
      if (at - window.startedAt >= this.windowMs) this.windows.delete(ip);
    }
  }
}
