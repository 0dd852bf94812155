import { WindowCounter } from '../../platform/rate-limits';

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
  private readonly counter: WindowCounter;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    now: () => number = Date.now,
  ) {
    this.counter = new WindowCounter(now);
  }

  /** Counts an attempt from `ip`; over the budget it answers the seconds until the window resets. */
  begin(ip: string): number | undefined {
    return this.counter.hit(ip, this.max, this.windowMs);
  }

  /** A successful login gives back the attempt `begin` counted for it. */
  succeeded(ip: string): void {
    this.counter.giveBack(ip);
  }
}
