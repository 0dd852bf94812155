import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as quotesApi from '@portal/domain/api/client-quotes';
import { onlyOwnOrders } from '@portal/domain/order-visibility';
import { sendFile } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { withIdempotentSteps } from '../../platform/idempotency';
import { PDF_TYPE } from '../../platform/pdf';
import { WindowCounter } from '../../platform/rate-limits';
import { requireCtx } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import { findAgencyById } from '../agencies/index';
import { renderClientQuote } from './client-quote.pdf';
import { presentClientQuote, presentPublicQuote } from './client-quote.presenter';
import { findValidQuote, listQuotes } from './client-quote.repo';
import { readQuotedSource, saveClientQuote } from './create-client-quote';
import { partyOf, type DocumentDeps } from './flight-documents';

/** Requests one client address may make to a quote's public link per minute: reads, and PDFs (heavier). */
export const PUBLIC_QUOTE_LIMITS = { read: 60, pdf: 12, windowMs: 60_000 } as const;

/**
 * Client quotes. The agent makes one (flight service; the source as the caller may read it) and
 * lists them; the traveller reads it by its token without login, limited per client address, and
 * an unknown or expired token answers the same 404.
 */
export async function clientQuotesRoutes(fastify: FastifyInstance, { deps }: { deps: DocumentDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const counter = new WindowCounter(() => deps.now().getTime());

  function limit(request: FastifyRequest, kind: 'read' | 'pdf'): void {
    const wait = counter.hit(
      `${kind}:${request.ip}`,
      PUBLIC_QUOTE_LIMITS[kind],
      PUBLIC_QUOTE_LIMITS.windowMs,
    );
    if (wait !== undefined) throw new AppError('TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: wait });
  }

  async function validQuote(token: string) {
    const row = await findValidQuote(deps.db, token, deps.now());
    if (!row) throw new AppError('CLIENT_QUOTE_NOT_FOUND');
    return row;
  }

  const agencyName = async (agencyId: number) => (await findAgencyById(deps.db, agencyId))?.name ?? '';

  app.route({
    ...fromContract(quotesApi.createClientQuote),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      // The presented answer is what a repeated Idempotency-Key replays.
      const quote = await withIdempotentSteps(deps.db, request, reply, {
        outside: () => readQuotedSource(deps.db, ctx, request.body.source, deps.now()),
        inside: async (tx, quoted) =>
          presentClientQuote(await saveClientQuote(tx, ctx, request.body, quoted), ctx.agency.name),
      });
      return ok(quote);
    },
  });

  app.route({
    ...fromContract(quotesApi.listClientQuotes),
    config: { access: 'flight' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      const scope = { agencyId: ctx.agency.id, ...(onlyOwnOrders(ctx) ? { userId: ctx.user.id } : {}) };
      const { rows, total } = await listQuotes(deps.db, scope, request.query);
      return ok({
        list: rows.map((row) => presentClientQuote(row, ctx.agency.name)),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      });
    },
  });

  app.route({
    ...fromContract(quotesApi.getPublicClientQuote),
    config: { access: 'public' },
    handler: async (request) => {
      limit(request, 'read');
      const row = await validQuote(request.params.token);
      return ok(presentPublicQuote(row, await agencyName(row.agencyId)));
    },
  });

  app.route({
    ...fromContract(quotesApi.downloadPublicClientQuote),
    config: { access: 'public' },
    handler: async (request, reply) => {
      limit(request, 'pdf');
      const row = await validQuote(request.params.token);
      const party = await partyOf(deps, row.agencyId);
      const file = await renderClientQuote(row, party, request.query.lang ?? row.language);
      return sendFile(reply, file.pdf, {
        type: PDF_TYPE,
        fileName: file.fileName,
        asciiFallback: file.asciiFallback,
      });
    },
  });
}
