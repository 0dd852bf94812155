import { lazy, Suspense } from 'react';
import type { DocumentDownload } from './document-downloads-card';

export type { DocumentDownload } from './document-downloads-card';

// The card (with antd's Radio and the form library it pulls in) loads once a document is ready,
// nothing meanwhile: most orders on screen have none yet.
const LoadedDocumentDownloadsCard = lazy(async () => ({
  default: (await import('./document-downloads-card')).LoadedDocumentDownloadsCard,
}));

/**
 * The documents an agent hands the traveller, as PDFs in a chosen language (the screen's own by
 * default). Only documents that are ready are passed in; with none, the card is not shown.
 */
export function DocumentDownloadsCard({
  items,
  testId = 'traveller-documents',
}: {
  items: readonly DocumentDownload[];
  testId?: string;
}) {
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LoadedDocumentDownloadsCard items={items} testId={testId} />
    </Suspense>
  );
}
