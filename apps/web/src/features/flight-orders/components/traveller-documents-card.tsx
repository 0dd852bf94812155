import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/domain/flight-order';
import { DocumentDownloadsCard, type DocumentDownload } from '../../../shared/ui/document-downloads';
import { downloadTravellerDocument } from '../api/traveller-documents';

/**
 * The documents an agent hands the traveller once the tickets are issued: the e-ticket itinerary
 * (with its receipt) and, when the fare gives one, the invoice, as PDFs in a chosen language.
 */
export function TravellerDocumentsCard({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  const offered = order.documents;
  if (!offered?.itinerary) return null;
  const items: DocumentDownload[] = [
    {
      id: 'itinerary',
      label: t('orders.travellerDocs.itinerary'),
      download: (lang) => downloadTravellerDocument(order.id, 'itinerary', lang),
    },
  ];
  if (offered.invoice) {
    items.push({
      id: 'invoice',
      label: t('orders.travellerDocs.invoice'),
      download: (lang) => downloadTravellerDocument(order.id, 'invoice', lang),
    });
  }
  return <DocumentDownloadsCard testId="order-traveller-documents" items={items} />;
}
