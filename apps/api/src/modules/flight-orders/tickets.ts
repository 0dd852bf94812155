import type { Db } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import { MAX_JOB_ATTEMPTS } from '../../platform/jobs';
import type { JobRow } from '../../platform/jobs.schema';
import { flightTickets } from './flight-orders.schema';

/**
 * Thrown by a ticketing or reissue job when the supplier answered a ticket number the database
 * already holds: nothing is stored, and the job asks the supplier again later.
 */
export class TicketNumberTaken extends Error {
  constructor(bookingNumber: string) {
    super(`${bookingNumber}: the supplier answered a ticket number already issued on another order`);
    this.name = 'TicketNumberTaken';
  }
}

/**
 * Registers the ticket numbers issued on `orderId` (ticketing of an original, reissue of a change)
 * in the caller's transaction. False, with nothing registered, when a number is already issued
 * (on any order, or twice in this answer): the primary key of `flight_tickets` is the guarantee,
 * so two orders never hold one ticket, whatever the supplier or a concurrent job does.
 */
export async function registerTickets(
  tx: Db,
  orderId: string,
  passengers: readonly { id: string; ticketNumbers: readonly string[] }[],
): Promise<boolean> {
  const rows = passengers.flatMap((p) =>
    p.ticketNumbers.map((ticketNumber) => ({ ticketNumber, orderId, passengerId: p.id })),
  );
  if (rows.length === 0) return true;
  try {
    // A savepoint: on PostgreSQL a refused insert would otherwise abort the caller's transaction.
    await tx.transaction((sp) => sp.insert(flightTickets).values(rows));
    return true;
  } catch (error) {
    if (isUniqueViolation(error, 'flight_tickets_pkey')) return false;
    throw error;
  }
}

/**
 * What a job does when `registerTickets` refused its supplier's numbers: before the last attempt
 * it throws `TicketNumberTaken`, so that the transaction stores nothing and the job runner asks
 * the supplier again later; on the last attempt it returns, and the job takes the answer as a
 * refusal (the order fails with its money back, as for any refused ticketing or reissue).
 */
export function retryUnlessLastAttempt(job: JobRow, bookingNumber: string): void {
  if (job.attempts < MAX_JOB_ATTEMPTS) throw new TicketNumberTaken(bookingNumber);
}
