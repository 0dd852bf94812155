import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as passengersApi from '@portal/domain/api/passengers';
import { fromContract } from '../../platform/route-contract';
import type { AppConfig } from '../../platform/config';
import type { Database } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { requireCtx } from '../../platform/request-context';
import { documentAnalysisRoutes } from './document-analysis.routes';
import { createMrzReader } from './mrz-reader';
import { createOcrPool, DEFAULT_OCR_POOL, type OcrPoolOptions } from './ocr-pool';
import { createPassengersService } from './passengers.service';

export interface PassengersRoutesOptions {
  database: Database;
  config: AppConfig;
  now?: () => Date;
  /**
   * The passport reader pool: defaults from `DEFAULT_OCR_POOL`, readers with tesseract.js and
   * the models of `config.tessdataDir` (tests give other readers and limits).
   */
  ocr?: Partial<OcrPoolOptions>;
}

/** Often-used passengers, member cards (both per user) and passport reading. */
export async function passengersRoutes(fastify: FastifyInstance, options: PassengersRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createPassengersService(options.database.db, options.now);

  app.route({
    ...fromContract(passengersApi.listFrequentPassengers),
    config: { access: 'session' },
    handler: async (request) => ok(await service.listPassengers(requireCtx(request), request.query)),
  });
  app.route({
    ...fromContract(passengersApi.createFrequentPassenger),
    config: { access: 'session' },
    handler: async (request) => ok(await service.createPassenger(requireCtx(request), request.body)),
  });
  app.route({
    ...fromContract(passengersApi.updateFrequentPassenger),
    config: { access: 'session' },
    handler: async (request) =>
      ok(await service.updatePassenger(requireCtx(request), request.params.id, request.body)),
  });
  app.route({
    ...fromContract(passengersApi.deleteFrequentPassenger),
    config: { access: 'session' },
    handler: async (request) => {
      await service.deletePassenger(requireCtx(request), request.params.id);
      return ok({});
    },
  });

  app.route({
    ...fromContract(passengersApi.listMemberCards),
    config: { access: 'session' },
    handler: async (request) => ok(await service.listCards(requireCtx(request), request.query)),
  });
  app.route({
    ...fromContract(passengersApi.createMemberCard),
    config: { access: 'session' },
    handler: async (request) => ok(await service.createCard(requireCtx(request), request.body)),
  });
  app.route({
    ...fromContract(passengersApi.updateMemberCard),
    config: { access: 'session' },
    handler: async (request) =>
      ok(await service.updateCard(requireCtx(request), request.params.id, request.body)),
  });
  app.route({
    ...fromContract(passengersApi.deleteMemberCard),
    config: { access: 'session' },
    handler: async (request) => {
      await service.deleteCard(requireCtx(request), request.params.id);
      return ok({});
    },
  });

  const pool = createOcrPool({
    ...DEFAULT_OCR_POOL,
    createReader: () => createMrzReader({ tessdataDir: options.config.tessdataDir, now: options.now }),
    ...options.ocr,
  });
  app.addHook('onClose', () => pool.close());
  await app.register(documentAnalysisRoutes, { pool });
}
