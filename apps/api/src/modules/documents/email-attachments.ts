import { AppError } from '../../platform/errors';
import { PDF_TYPE } from '../../platform/pdf';
import { findOrder } from '../flight-orders/index';
import type { RenderAttachment } from '../notifications/index';
import { renderFlightDocument, type DocumentDeps } from './flight-documents';

/** Failures that stay: the order is gone or holds no tickets any more (refunded, voided). */
const PERMANENT = new Set(['ORDER_NOT_FOUND', 'DOCUMENT_NOT_READY']);

/**
 * The files of outbound e-mails: the e-ticket itinerary of a tickets-issued e-mail, drawn when the
 * e-mail is delivered (outside any transaction), in the e-mail's language. A document that can
 * never be made answers null (the e-mail goes without it); any other failure is thrown, so the
 * delivery attempt fails and is tried again.
 */
export function emailAttachments(deps: DocumentDeps): RenderAttachment {
  return async (request) => {
    const row = await findOrder(deps.db, request.agencyId, request.orderId);
    if (!row) return null;
    try {
      const file = await renderFlightDocument(deps, row, 'itinerary', request.locale);
      return { filename: file.fileName, content: file.pdf, contentType: PDF_TYPE };
    } catch (error) {
      if (error instanceof AppError && PERMANENT.has(error.errorName)) return null;
      throw error;
    }
  };
}
