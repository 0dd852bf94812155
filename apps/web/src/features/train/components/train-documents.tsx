import { useTranslation } from 'react-i18next';
import type { TrainOrder } from '@portal/domain/train-order';
import { trainETicketReady } from '@portal/domain/document-readiness';
import { DocumentDownloadsCard } from '../../../shared/ui/document-downloads';
import { downloadTrainETicket } from '../api/train-documents';

/** The train order's e-ticket for the traveller, offered only once the order is ticketed (as the API says). */
export function TrainDocuments({ order }: { order: TrainOrder }) {
  const { t } = useTranslation();
  if (!trainETicketReady(order)) return null;
  const eTicket = {
    id: 'train-e-ticket',
    label: t('documentDownloads.trainETicket'),
    download: (lang: Parameters<typeof downloadTrainETicket>[1]) => downloadTrainETicket(order.id, lang),
  };
  return <DocumentDownloadsCard testId="train-traveller-documents" items={[eTicket]} />;
}
