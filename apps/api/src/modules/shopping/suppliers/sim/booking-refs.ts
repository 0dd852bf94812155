import { getAirline } from '@portal/reference-data/airlines';
import type { Offer, SupplierPassenger } from '../supplier';
import { seeded } from './prng';

/** The simulated suppliers' booking references: record locators and ticket numbers. */

const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 6-character record locator, deterministic from the offer and the passengers. */
export function simulatedPnr(offer: Offer, passengers: readonly SupplierPassenger[]): string {
  const rng = seeded(
    `pnr|${offer.supplier}|${offer.ref}|${passengers
      .map((p) => `${p.surname}/${p.givenNames}/${p.birthday}/${p.documentNumber}`)
      .join(';')}`,
  );
  let pnr = '';
  for (let i = 0; i < 6; i++) pnr += PNR_ALPHABET[rng.int(0, PNR_ALPHABET.length - 1)] ?? 'X';
  return pnr;
}

/** Ticket numbers: the validating carrier's 3-digit prefix and 10 digits, one per passenger. */
export function simulatedTickets(
  offer: Offer,
  pnr: string,
  passengers: readonly SupplierPassenger[],
): string[][] {
  const prefix = getAirline(offer.validatingCarrier)?.ticketPrefix || '999';
  const rng = seeded(`ticket|${offer.supplier}|${pnr}`);
  return passengers.map(() => {
    let digits = String(rng.int(1, 9));
    for (let i = 0; i < 9; i++) digits += String(rng.int(0, 9));
    return [`${prefix.padStart(3, '0').slice(-3)}${digits}`];
  });
}
