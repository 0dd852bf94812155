import { useTranslation } from 'react-i18next';
import type { GroupOrder } from '@portal/domain/group-order';
import { groupOrderDocuments } from '@portal/domain/document-readiness';
import { DocumentDownloadsCard, type DocumentDownload } from '../../../shared/ui/document-downloads';
import { downloadGroupPassengerList, downloadGroupQuote, downloadGroupReceipt } from '../api/group-documents';

/**
 * The group order's documents for the traveller, each offered only once it is ready (the rule the
 * API applies): the picked quote, a receipt per paid instalment, the confirmed passenger list.
 */
export function GroupDocumentsCard({ order }: { order: GroupOrder }) {
  const { t } = useTranslation();
  const ready = groupOrderDocuments(order);
  const items: DocumentDownload[] = [];
  if (ready.quote) {
    items.push({
      id: 'group-quote',
      label: t('documentDownloads.groupQuote'),
      download: (lang) => downloadGroupQuote(order.id, lang),
    });
  }
  for (const instalment of order.instalments) {
    if (!ready.receipts.includes(instalment.n)) continue;
    items.push({
      id: `group-receipt-${instalment.n}`,
      label: t('documentDownloads.groupReceipt', {
        kind: t(`groupOrders.instalment.kind.${instalment.kind}`),
      }),
      download: (lang) => downloadGroupReceipt(order.id, instalment.n, lang),
    });
  }
  if (ready.passengerList) {
    items.push({
      id: 'group-passenger-list',
      label: t('documentDownloads.groupPassengerList'),
      download: (lang) => downloadGroupPassengerList(order.id, lang),
    });
  }
  return <DocumentDownloadsCard testId="group-traveller-documents" items={items} />;
}
