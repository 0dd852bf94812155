import type * as documentsApi from '@portal/domain/api/traveller-documents';
import type { Locale } from '@portal/domain/locale';
import { downloadFile } from '../../../shared/api/download';

export type TravellerDocumentKind = 'itinerary' | 'invoice';

/**
 * GET /order/v2/flight/orders/{id}/documents/{itinerary|invoice}?lang=…: the order's e-ticket
 * itinerary (with its receipt) or its invoice as a PDF in `lang`, saved under the server's name.
 */
export function downloadTravellerDocument(
  orderId: string,
  kind: TravellerDocumentKind,
  lang: Locale,
): Promise<string> {
  const input = { params: { id: orderId }, query: { lang } };
  const options = { fallbackName: `${kind}-${orderId}.pdf`, skipErrorToast: true };
  return kind === 'itinerary'
    ? downloadFile<typeof documentsApi.downloadFlightItinerary>(
        { method: 'GET', path: '/order/v2/flight/orders/:id/traveller-documents/itinerary' },
        input,
        options,
      )
    : downloadFile<typeof documentsApi.downloadFlightInvoice>(
        { method: 'GET', path: '/order/v2/flight/orders/:id/traveller-documents/invoice' },
        input,
        options,
      );
}
