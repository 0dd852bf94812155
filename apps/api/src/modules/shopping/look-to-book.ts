import type { Db } from '../../platform/db';
import { bumpLookToBook, readLookToBook } from './shopping.repo';

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Counts a search for the agency's look-to-book ratio (UTC day). */
export async function recordSearch(db: Db, agencyId: number, now: Date): Promise<void> {
  await bumpLookToBook(db, agencyId, dayOf(now), 'searches');
}

/** Counts a booking for the agency's look-to-book ratio; called by the booking flow. */
export async function recordBooking(db: Db, agencyId: number, now: Date = new Date()): Promise<void> {
  await bumpLookToBook(db, agencyId, dayOf(now), 'bookings');
}

/** The agency's searches and bookings of a day. */
export function lookToBookOf(
  db: Db,
  agencyId: number,
  now: Date,
): Promise<{ searches: number; bookings: number }> {
  return readLookToBook(db, agencyId, dayOf(now));
}
