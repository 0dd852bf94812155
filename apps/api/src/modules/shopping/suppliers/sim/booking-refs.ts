import crypto from 'node:crypto';
import { getAirline } from '@portal/reference-data/airlines';
import type { Offer, SupplierPassenger } from '../supplier';

/**
 * The simulated suppliers' booking references: record locators and ticket numbers. Unlike their
 * offers they are not derived from `SUPPLIER_SEED`: a real airline never issues a number twice, so
 * two bookings of the same passengers on the same flights (or the same booking after a restart,
 * or on another instance) get their own. They are random; the database's keys (`flight_tickets`)
 * guarantee a ticket number is stored once, and a clash is asked again (`registerTickets`).
 */

const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PNR_LENGTH = 6;

/** A fresh 6-character record locator (32 letters and digits: each byte modulo 32 is uniform). */
export function simulatedPnr(): string {
  return [...crypto.randomBytes(PNR_LENGTH)]
    .map((byte) => PNR_ALPHABET[byte % PNR_ALPHABET.length] ?? 'X')
    .join('');
}

/** A fresh 10-digit serial, 1000000000 to 9999999999 (64 random bits: the modulo bias is negligible). */
function serial(): string {
  return String((crypto.randomBytes(8).readBigUInt64BE() % 9_000_000_000n) + 1_000_000_000n);
}

/** The 3-digit ticket prefix of the validating carrier (999 when it has none). */
export function ticketPrefix(offer: Pick<Offer, 'validatingCarrier'>): string {
  return (getAirline(offer.validatingCarrier)?.ticketPrefix || '999').padStart(3, '0').slice(-3);
}

/**
 * Ticket numbers, one per passenger: the validating carrier's prefix and a fresh 10-digit serial
 * (first digit 1-9; serials starting with 0 are left to renumbered old tickets, migration 0020),
 * distinct within the answer.
 */
export function simulatedTickets(
  offer: Pick<Offer, 'validatingCarrier'>,
  passengers: readonly SupplierPassenger[],
): string[][] {
  const prefix = ticketPrefix(offer);
  const issued = new Set<string>();
  return passengers.map(() => {
    let number: string;
    do {
      number = `${prefix}${serial()}`;
    } while (issued.has(number));
    issued.add(number);
    return [number];
  });
}
