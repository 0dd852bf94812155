import { eq } from 'drizzle-orm';
import { DEFAULT_FLIGHT_SETTINGS, type FlightSettings } from '@portal/domain/agency-config';
import type { Solution } from '@portal/domain/shopping';
import type { Db } from '../../platform/db';
import { agencies } from '../agencies/index';
import { findAgencyById } from '../agencies/index';

/** Changes an agency's flight settings in a test. */
export async function patchFlightSettings(
  db: Db,
  agencyId: number,
  patch: Partial<FlightSettings>,
): Promise<void> {
  const agency = await findAgencyById(db, agencyId);
  const flightSettings = { ...(agency?.flightSettings ?? DEFAULT_FLIGHT_SETTINGS), ...patch };
  await db.update(agencies).set({ flightSettings }).where(eq(agencies.id, agencyId));
}

/** The flights of a solution as one comparable text. */
export const flightsOf = (s: Solution) =>
  s.legs
    .map((l) => l.segments.map((x) => `${x.marketingCarrier}${x.flightNumber}@${x.departure.time}`).join('+'))
    .join('/');

export const minor = (amount: string) => Math.round(Number(amount) * 100);
