import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as documentsApi from '@portal/domain/api/traveller-documents';
import type { Locale } from '@portal/domain/locale';
import { sendFile } from '../../platform/download';
import { localeOf } from '../../platform/i18n';
import { PDF_TYPE } from '../../platform/pdf';
import { requireCtx } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import { flightDocument, type DocumentDeps, type RenderedDocument } from './flight-documents';
import { groupDocument, type GroupDocument } from './group-documents';
import { trainETicket } from './train-documents';

/**
 * Traveller documents of flight, train and group orders: whoever may read the order may download
 * them (the same visibility and service as its detail). Every route takes `?lang=` (else the
 * caller's language).
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
    return sendPdf(reply, await flightDocument(deps, requireCtx(request), id, kind, locale));
  }

  function sendPdf(reply: FastifyReply, file: RenderedDocument) {
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

  // A train order's e-ticket: seen as its detail is (the train service).
  app.route({
    ...fromContract(documentsApi.downloadTrainETicket),
    config: { access: 'train' },
    handler: async (request, reply) => {
      const locale = request.query.lang ?? localeOf(request);
      return sendPdf(reply, await trainETicket(deps, requireCtx(request), request.params.id, locale));
    },
  });

  // A group order's quote, instalment receipts and passenger list: seen as its detail is.
  const group = (request: FastifyRequest, id: string, document: GroupDocument, lang: Locale | undefined) =>
    groupDocument(deps, requireCtx(request), id, document, lang ?? localeOf(request));

  app.route({
    ...fromContract(documentsApi.downloadGroupQuote),
    config: { access: 'flight' },
    handler: async (request, reply) =>
      sendPdf(reply, await group(request, request.params.id, { kind: 'quote' }, request.query.lang)),
  });

  app.route({
    ...fromContract(documentsApi.downloadGroupReceipt),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const document = { kind: 'receipt', n: request.params.n } as const;
      return sendPdf(reply, await group(request, request.params.id, document, request.query.lang));
    },
  });

  app.route({
    ...fromContract(documentsApi.downloadGroupPassengerList),
    config: { access: 'flight' },
    handler: async (request, reply) =>
      sendPdf(reply, await group(request, request.params.id, { kind: 'passengerList' }, request.query.lang)),
  });
}
