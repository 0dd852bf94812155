import { TravellerDocumentQuery } from '../traveller-documents';
import { OrderIdParams } from './common';
import { defineRoute } from './contract';
import { InstalmentParams } from './group-orders';

const tags = ['flight-orders'];

export const downloadFlightItinerary = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/orders/:id/traveller-documents/itinerary',
  operationId: 'downloadFlightItinerary',
  summary: 'Download the e-ticket itinerary and receipt of a flight order',
  description:
    "A PDF for the traveller under the agency's name and logo: passengers with their ticket numbers, PNR, " +
    'booking number, flights in local times with terminals, cabin and baggage, fare terms and amounts. ' +
    "In `lang` (en, zh-cn, zh-tw), else the caller's language. Seen by whoever may read the order; " +
    '409 DOCUMENT_NOT_READY before the tickets are issued.',
  tags,
  params: OrderIdParams,
  query: TravellerDocumentQuery,
  response: 'file',
});

export const downloadFlightInvoice = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/orders/:id/traveller-documents/invoice',
  operationId: 'downloadFlightInvoice',
  summary: 'Download the invoice of a flight order',
  description:
    "A PDF of the fare's invoice type: a bill of the amounts, the itinerary, or the itinerary with the bill. " +
    "In `lang` (en, zh-cn, zh-tw), else the caller's language. 409 INVOICE_NOT_OFFERED when the fare gives " +
    'no invoice, 409 DOCUMENT_NOT_READY before the tickets are issued.',
  tags,
  params: OrderIdParams,
  query: TravellerDocumentQuery,
  response: 'file',
});

const LANG = "In `lang` (en, zh-cn, zh-tw), else the caller's language, under the agency's name and logo.";

export const downloadTrainETicket = defineRoute({
  method: 'GET',
  path: '/order/v2/train/orders/:id/traveller-documents/e-ticket',
  operationId: 'downloadTrainETicket',
  summary: 'Download the e-ticket of a train order',
  description:
    'A PDF for the traveller: passengers with their masked document numbers, coach and seat when known, ' +
    "ticket numbers or the railway's order number, the train, stations and local times, seat class and amounts. " +
    `${LANG} Seen by whoever may read the order; 409 DOCUMENT_NOT_READY unless the order is ticketed.`,
  tags: ['train-orders'],
  params: OrderIdParams,
  query: TravellerDocumentQuery,
  response: 'file',
});

const groupTags = ['group-orders'];

export const downloadGroupQuote = defineRoute({
  method: 'GET',
  path: '/order/v2/group/orders/:id/traveller-documents/quote',
  operationId: 'downloadGroupQuote',
  summary: 'Download the picked quote of a group order',
  description:
    'A PDF of the priced offer: flights, fare per person, passenger counts, total, the deposit and ' +
    `instalment schedule with due dates, and until when it holds. ${LANG} 409 DOCUMENT_NOT_READY before a quote is picked.`,
  tags: groupTags,
  params: OrderIdParams,
  query: TravellerDocumentQuery,
  response: 'file',
});

export const downloadGroupReceipt = defineRoute({
  method: 'GET',
  path: '/order/v2/group/orders/:id/traveller-documents/receipts/:n',
  operationId: 'downloadGroupReceipt',
  summary: 'Download the receipt of a paid instalment of a group order',
  description:
    "A PDF of instalment `n` (1 to 4): amount, when it was paid in the agency's time zone, the method and " +
    `the balance still due. ${LANG} 409 DOCUMENT_NOT_READY while the instalment is unpaid.`,
  tags: groupTags,
  params: InstalmentParams,
  query: TravellerDocumentQuery,
  response: 'file',
});

export const downloadGroupPassengerList = defineRoute({
  method: 'GET',
  path: '/order/v2/group/orders/:id/traveller-documents/passenger-list',
  operationId: 'downloadGroupPassengerList',
  summary: 'Download the passenger list of a group order',
  description:
    'A PDF of the confirmed list: names, types, masked document numbers and ticket numbers once issued. ' +
    `${LANG} 409 DOCUMENT_NOT_READY before the list is confirmed.`,
  tags: groupTags,
  params: OrderIdParams,
  query: TravellerDocumentQuery,
  response: 'file',
});
