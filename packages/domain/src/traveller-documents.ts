import { z } from 'zod';
import { LOCALES } from './locale';
import type { OrderType } from './flight-order-status';
import type { InvoiceType } from './shopping-options';

/**
 * Documents an agent hands the traveller of a flight order: the e-ticket itinerary and receipt,
 * and the invoice of the fare's invoice type. Both are PDFs in a language of the portal.
 */

/** `?lang=`: the document's language; absent, the caller's language. */
export const TravellerDocumentQuery = z.strictObject({ lang: z.enum(LOCALES).optional() });
export type TravellerDocumentQuery = z.infer<typeof TravellerDocumentQuery>;

/** What a flight order needs for its documents: its kind, its passengers' tickets and its fare's invoice type. */
export interface DocumentSource {
  type: OrderType;
  passengers: readonly { ticketNumbers: readonly string[] }[];
  invoiceType: InvoiceType;
}

/**
 * The itinerary is an e-ticket document of a booking or a change (a refund or void order hands the
 * traveller no flights): it exists once every passenger holds a ticket number.
 */
export function itineraryReady(order: Pick<DocumentSource, 'type' | 'passengers'>): boolean {
  if (order.type !== 'origin' && order.type !== 'change') return false;
  return order.passengers.length > 0 && order.passengers.every((p) => p.ticketNumbers.length > 0);
}

/**
 * The invoice of an order: none when its fare says `none`, otherwise once ticketed, of the fare's
 * type (a bill, the itinerary as the invoice, or both).
 */
export function invoiceOffered(order: DocumentSource): boolean {
  return order.invoiceType !== 'none' && itineraryReady(order);
}

/** What a flight order's documents panel offers (the order detail answers it). */
export const FlightOrderDocuments = z.object({
  itinerary: z.boolean(),
  invoice: z.boolean(),
});
export type FlightOrderDocuments = z.infer<typeof FlightOrderDocuments>;

export function flightOrderDocuments(order: DocumentSource): FlightOrderDocuments {
  return { itinerary: itineraryReady(order), invoice: invoiceOffered(order) };
}
