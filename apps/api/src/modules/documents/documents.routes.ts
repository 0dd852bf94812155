import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as documentsApi from '@portal/domain/api/traveller-documents';
import type { Locale } from '@portal/domain/locale';
import { sendFile } from '../../platform/download';
import { localeOf } from '../../platform/i18n';
import { PDF_TYPE } from '../../platform/pdf';
import { requireCtx } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import { flightDocument, type DocumentDeps } from './flight-documents';

/**
 * Traveller documents of a flight order: whoever may read the order may download them (the same
 * visibility as its detail), with the flight service. Both routes take `?lang=` (else the caller's
 * language) and differ only in the document drawn.
 */
export async function documentsRoutes(fastify: FastifyInstance, { deps }: { deps: DocumentDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    kind: 'itinerary' | 'invoice',
    lang: Locale | undefined,
  ) {
    const locale = lang ?? localeOf(request);
    const file = await flightDocument(deps, requireCtx(request), id, kind, locale);
    return sendFile(reply, file.pdf, {
      type: PDF_TYPE,
      fileName: file.fileName,
      asciiFallback: file.asciiFallback,
    });
  }

  app.route({
    ...fromContract(documentsApi.downloadFlightItinerary),
    config: { access: 'flight' },
    handler: (request, reply) => send(request, reply, request.params.id, 'itinerary', request.query.lang),
  });

  app.route({
    ...fromContract(documentsApi.downloadFlightInvoice),
    config: { access: 'flight' },
    handler: (request, reply) => send(request, reply, request.params.id, 'invoice', request.query.lang),
  });
}
