import { eq } from 'drizzle-orm';
import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import type { Db } from '../../platform/db';
import type { EmailDetails } from '../notifications/index';
import { groupQuotes, type GroupOrderRow } from './group-orders.schema';

/**
 * What the e-mail of an issued group order lists: each passenger with the ticket numbers, the
 * picked quote's flights (local departure times) and its total.
 */
export async function issuedGroupEmailDetails(tx: Db, order: GroupOrderRow): Promise<EmailDetails> {
  const passengers = order.tickets.map((ticket) => ({
    name: ticket.name,
    type: ticket.passengerType,
    ticketNumbers: ticket.ticketNumbers,
  }));
  if (!order.pickedQuoteId) return { passengers };
  const [quote] = await tx.select().from(groupQuotes).where(eq(groupQuotes.id, order.pickedQuoteId));
  if (!quote) return { passengers };
  return {
    passengers,
    flights: quote.flights.map((f) => ({
      flightNumber: `${f.airline}${f.flightNumber}`,
      from: f.origin,
      to: f.destination,
      departure: f.departure.replace('T', ' ').slice(0, 16),
    })),
    amounts: [
      {
        name: 'orderTotal',
        amount: fromMinor(quote.totalMinor, minorDigits(order.currency)),
        currency: order.currency,
      },
    ],
  };
}
