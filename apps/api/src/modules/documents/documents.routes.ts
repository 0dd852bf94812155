import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as documentsApi from '@portal/domain/api/traveller-documents';
import type { Locale } from '@portal/domain/locale';
import { sendFile } from '../../platform/download';
import { localeOf } from '../../platform/i18n';
import { PDF_TYPE } from '../../platform/pdf';
import { requireCtx } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import { flightDocument, type DocumentDeps } from './flight-documents';

/** `?lang=` when given, else the caller's language. */
const languageOf = (request: FastifyRequest, lang: Locale | undefined): Locale => lang ?? localeOf(request);

/**
 * Traveller documents of a flight order: whoever may read the order may download them (the same
 * visibility as its detail), with the flight service.
 */
export async function documentsRoutes(fastify: FastifyInstance, { deps }: { deps: DocumentDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(documentsApi.downloadFlightItinerary),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = languageOf(request, request.query.lang);
      const file = await flightDocument(deps, ctx, request.params.id, 'itinerary', locale);
      return sendFile(reply, file.pdf, {
        type: PDF_TYPE,
        fileName: file.fileName,
        asciiFallback: file.asciiFallback,
      });
    },
  });

  app.route({
    ...fromContract(documentsApi.downloadFlightInvoice),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = languageOf(request, request.query.lang);
      const file = await flightDocument(deps, ctx, request.params.id, 'invoice', locale);
      return sendFile(reply, file.pdf, {
        type: PDF_TYPE,
        fileName: file.fileName,
        asciiFallback: file.asciiFallback,
      });
    },
  });
}
