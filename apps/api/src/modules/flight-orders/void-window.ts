import { endOfLocalDay } from '../../platform/time-zones';

/**
 * The void window: voiding is allowed until the end of the local day of ticketing in the
 * supplier's (ticketing office's) time zone, unless the supplier gives its own window.
 * Returns the instant the window closes.
 */
export function voidWindowEnd(issuedAt: Date, timeZone: string): Date {
  return endOfLocalDay(issuedAt, timeZone);
}
