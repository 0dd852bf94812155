import type { OrderType } from './flight-order-status';
import type { GroupQuoteState, InstalmentState } from './group-order';
import type { PassengerListState } from './group-order-status';
import type { TrainOrderStatus } from './train-order-status';
import type { InvoiceType } from './shopping-options';

/**
 * When a traveller's documents exist, without zod: the train orders and group order pages show
 * only the documents that are ready, and `traveller-documents.ts` (which re-exports all of this)
 * holds the schemas the API parses and answers with.
 */

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
export interface FlightOrderDocuments {
  itinerary: boolean;
  invoice: boolean;
}

export function flightOrderDocuments(order: DocumentSource): FlightOrderDocuments {
  return { itinerary: itineraryReady(order), invoice: invoiceOffered(order) };
}

// ---------------------------------------------------------------- train and group orders

/** A train order's e-ticket exists once the railway has ticketed it (not while refunding or after). */
export function trainETicketReady(order: { status: TrainOrderStatus }): boolean {
  return order.status === 'ticketed';
}

/** What a group order's documents need: the picked quote, the instalments paid and the list's state. */
export interface GroupDocumentSource {
  quotes: readonly { state: GroupQuoteState }[];
  instalments: readonly { n: number; state: InstalmentState }[];
  passengerList: { state: PassengerListState };
}

/** Which documents of a group order are ready: the screens offer only these, the API refuses the others (409). */
export interface GroupOrderDocuments {
  /** The priced offer, once a quote is picked. */
  quote: boolean;
  /** The numbers of the paid instalments: each has its receipt. */
  receipts: number[];
  /** The passenger list, once confirmed (it cannot change any more). */
  passengerList: boolean;
}

export function groupOrderDocuments(order: GroupDocumentSource): GroupOrderDocuments {
  return {
    quote: order.quotes.some((q) => q.state === 'picked'),
    receipts: order.instalments.filter((i) => i.state === 'paid').map((i) => i.n),
    passengerList: order.passengerList.state === 'confirmed',
  };
}
