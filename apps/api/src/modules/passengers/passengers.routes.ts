import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../platform/config';
import type { Database } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { parse } from '../../platform/errors';
import { requireCtx } from '../../platform/request-context';
import { documentAnalysisRoutes } from './document-analysis.routes';
import { createMrzReader, type MrzReader } from './mrz-reader';
import { createPassengersService } from './passengers.service';

const IdParam = z.object({ id: z.string().min(1).max(64) });
const ListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(64).optional(),
});

export interface PassengersRoutesOptions {
  database: Database;
  config: AppConfig;
  now?: () => Date;
  /** A passport reader; default: tesseract.js with the models of `config.tessdataDir`. */
  mrzReader?: MrzReader;
}

/** Often-used passengers, member cards (both per user) and passport reading. */
export async function passengersRoutes(app: FastifyInstance, options: PassengersRoutesOptions) {
  const service = createPassengersService(options.database.db, options.now);

  app.get('/base/v2/often-used-passengers', async (request) =>
    ok(await service.listPassengers(requireCtx(request), parse(ListQuery, request.query))),
  );
  app.post('/base/v2/often-used-passengers', async (request) =>
    ok(await service.createPassenger(requireCtx(request), request.body)),
  );
  app.put('/base/v2/often-used-passengers/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    return ok(await service.updatePassenger(requireCtx(request), id, request.body));
  });
  app.delete('/base/v2/often-used-passengers/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    await service.deletePassenger(requireCtx(request), id);
    return ok({});
  });

  app.get('/base/v2/member-cards', async (request) =>
    ok(await service.listCards(requireCtx(request), parse(ListQuery, request.query))),
  );
  app.post('/base/v2/member-cards', async (request) =>
    ok(await service.createCard(requireCtx(request), request.body)),
  );
  app.put('/base/v2/member-cards/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    return ok(await service.updateCard(requireCtx(request), id, request.body));
  });
  app.delete('/base/v2/member-cards/:id', async (request) => {
    const { id } = parse(IdParam, request.params);
    await service.deleteCard(requireCtx(request), id);
    return ok({});
  });

  const reader =
    options.mrzReader ?? createMrzReader({ tessdataDir: options.config.tessdataDir, now: options.now });
  app.addHook('onClose', () => reader.close());
  await app.register(documentAnalysisRoutes, { reader });
}
