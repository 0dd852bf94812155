import crypto from 'node:crypto';
import { getAirline } from '@portal/reference-data/airlines';
import type { Offer, SupplierPassenger } from '../../modules/shopping/index';

/**
 * The simulated suppliers' booking references: record locators and ticket numbers. Unlike their
 * offers they are not derived from `SUPPLIER_SEED`: a real airline never issues a number twice, so
 * two bookings of the same passengers on the same flights (or the same booking after a restart,
 * or on another instance) get their own. PNRs are random and ticket numbers follow from them; the
 * database's keys (`flight_tickets`) guarantee a ticket number is stored once.
 */

const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PNR_LENGTH = 6;

/** A fresh 6-character record locator (32 letters and digits: each byte modulo 32 is uniform). */
export function simulatedPnr(): string {
  return [...crypto.randomBytes(PNR_LENGTH)]
    .map((byte) => PNR_ALPHABET[byte % PNR_ALPHABET.length] ?? 'X')
    .join('');
}

/** A 10-digit serial, 1000000000 to 9999999999, from 64 bits (the modulo bias is negligible). */
function serialOf(bits: Buffer): string {
  return String((bits.readBigUInt64BE() % 9_000_000_000n) + 1_000_000_000n);
}

/** The 3-digit ticket prefix of the validating carrier (999 when it has none). */
export function ticketPrefix(offer: Pick<Offer, 'validatingCarrier'>): string {
  return (getAirline(offer.validatingCarrier)?.ticketPrefix || '999').padStart(3, '0').slice(-3);
}

/**
 * Ticket numbers, one per passenger: the validating carrier's prefix and a 10-digit serial (first
 * digit 1-9; serials starting with 0 are left to renumbered old tickets, migration 0020), distinct
 * within the answer. With a PNR the serials are derived from it, so ticketing one booking again
 * (a lost answer asked again, or a job taken over from a dead instance) answers the tickets it
 * already issued, as an airline does; the PNR itself is random (`simulatedPnr`). Without one
 * (a reissue) they are fresh.
 */
export function simulatedTickets(
  offer: Pick<Offer, 'validatingCarrier'>,
  passengers: readonly SupplierPassenger[],
  pnr?: string,
): string[][] {
  const prefix = ticketPrefix(offer);
  const issued = new Set<string>();
  return passengers.map((_, index) => {
    let number: string;
    let draw = 0;
    do {
      const bits =
        pnr === undefined
          ? crypto.randomBytes(8)
          : crypto.createHash('sha256').update(`${pnr}/${index}/${draw}`).digest();
      number = `${prefix}${serialOf(bits)}`;
      draw += 1;
    } while (issued.has(number));
    issued.add(number);
    return [number];
  });
}
