import { TravellerDocumentQuery } from '../traveller-documents';
import { OrderIdParams } from './common';
import { defineRoute } from './contract';

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
