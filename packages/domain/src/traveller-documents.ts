import { z } from 'zod';
import { LOCALES } from './locale';
import type { FlightOrderDocuments as FlightOrderDocumentsShape } from './document-readiness';

/**
 * Documents an agent hands the traveller of a flight order: the e-ticket itinerary and receipt,
 * and the invoice of the fare's invoice type. Both are PDFs in a language of the portal. When each
 * exists is decided in `document-readiness.ts` (no zod, for the pages), re-exported here.
 */
export {
  flightOrderDocuments,
  groupOrderDocuments,
  invoiceOffered,
  itineraryReady,
  trainETicketReady,
  type DocumentSource,
  type GroupDocumentSource,
  type GroupOrderDocuments,
} from './document-readiness';

/** `?lang=`: the document's language; absent, the caller's language. */
export const TravellerDocumentQuery = z.strictObject({ lang: z.enum(LOCALES).optional() });
export type TravellerDocumentQuery = z.infer<typeof TravellerDocumentQuery>;

/** What a flight order's documents panel offers (the order detail answers it). */
export const FlightOrderDocuments = z.object({
  itinerary: z.boolean(),
  invoice: z.boolean(),
}) satisfies z.ZodType<FlightOrderDocumentsShape>;
export type FlightOrderDocuments = z.infer<typeof FlightOrderDocuments>;
