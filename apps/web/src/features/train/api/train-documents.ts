import type * as documentsApi from '@portal/domain/api/traveller-documents';
import type { Locale } from '@portal/domain/locale';
import { downloadFile } from '../../../shared/api/download';

/** GET /order/v2/train/orders/{id}/traveller-documents/e-ticket?lang=…: the order's e-ticket PDF in `lang`. */
export function downloadTrainETicket(orderId: string, lang: Locale): Promise<string> {
  return downloadFile<typeof documentsApi.downloadTrainETicket>(
    { method: 'GET', path: '/order/v2/train/orders/:id/traveller-documents/e-ticket' },
    { params: { id: orderId }, query: { lang } },
    { fallbackName: `train-e-ticket-${orderId}.pdf`, skipErrorToast: true },
  );
}
