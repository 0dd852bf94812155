import type * as documentsApi from '@portal/domain/api/traveller-documents';
import type { Locale } from '@portal/domain/locale';
import { downloadFile } from '../../../shared/api/download';

const options = (name: string) => ({ fallbackName: `${name}.pdf`, skipErrorToast: true });

/** GET /order/v2/group/orders/{id}/traveller-documents/quote?lang=…: the picked quote as a PDF. */
export function downloadGroupQuote(orderId: string, lang: Locale): Promise<string> {
  return downloadFile<typeof documentsApi.downloadGroupQuote>(
    { method: 'GET', path: '/order/v2/group/orders/:id/traveller-documents/quote' },
    { params: { id: orderId }, query: { lang } },
    options(`group-quote-${orderId}`),
  );
}

/** GET …/traveller-documents/receipts/{n}?lang=…: the receipt of paid instalment `n` as a PDF. */
export function downloadGroupReceipt(orderId: string, n: number, lang: Locale): Promise<string> {
  return downloadFile<typeof documentsApi.downloadGroupReceipt>(
    { method: 'GET', path: '/order/v2/group/orders/:id/traveller-documents/receipts/:n' },
    { params: { id: orderId, n }, query: { lang } },
    options(`group-receipt-${orderId}-${n}`),
  );
}

/** GET …/traveller-documents/passenger-list?lang=…: the confirmed passenger list as a PDF. */
export function downloadGroupPassengerList(orderId: string, lang: Locale): Promise<string> {
  return downloadFile<typeof documentsApi.downloadGroupPassengerList>(
    { method: 'GET', path: '/order/v2/group/orders/:id/traveller-documents/passenger-list' },
    { params: { id: orderId }, query: { lang } },
    options(`group-passenger-list-${orderId}`),
  );
}
