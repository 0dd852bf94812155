import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FrequentPassenger,
  FrequentPassengerBody,
  FrequentPassengerList,
  MemberCard,
  MemberCardBody,
  MemberCardList,
  PassengerIdParams,
  PassengerListQuery,
  UpdateFrequentPassengerBody,
  UpdateMemberCardBody,
} from '@portal/domain/frequent-passengers';
import type { AppConfig } from '../../platform/config';
import type { Database } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { requireCtx } from '../../platform/request-context';
import { okResponse } from '../../platform/schema';
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

const TAGS = ['passengers'];
const Deleted = okResponse(z.object({}));

/** Often-used passengers, member cards (both per user) and passport reading. */
export async function passengersRoutes(fastify: FastifyInstance, options: PassengersRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = createPassengersService(options.database.db, options.now);

  app.get(
    '/base/v2/often-used-passengers',
    {
      config: { access: 'session' },
      schema: { tags: TAGS, querystring: PassengerListQuery, response: okResponse(FrequentPassengerList) },
    },
    async (request) => ok(await service.listPassengers(requireCtx(request), request.query)),
  );
  app.post(
    '/base/v2/often-used-passengers',
    {
      config: { access: 'session' },
      schema: { tags: TAGS, body: FrequentPassengerBody, response: okResponse(FrequentPassenger) },
    },
    async (request) => ok(await service.createPassenger(requireCtx(request), request.body)),
  );
  app.put(
    '/base/v2/often-used-passengers/:id',
    {
      config: { access: 'session' },
      schema: {
        tags: TAGS,
        params: PassengerIdParams,
        body: UpdateFrequentPassengerBody,
        response: okResponse(FrequentPassenger),
      },
    },
    async (request) =>
      ok(await service.updatePassenger(requireCtx(request), request.params.id, request.body)),
  );
  app.delete(
    '/base/v2/often-used-passengers/:id',
    { config: { access: 'session' }, schema: { tags: TAGS, params: PassengerIdParams, response: Deleted } },
    async (request) => {
      await service.deletePassenger(requireCtx(request), request.params.id);
      return ok({});
    },
  );

  app.get(
    '/base/v2/member-cards',
    {
      config: { access: 'session' },
      schema: { tags: TAGS, querystring: PassengerListQuery, response: okResponse(MemberCardList) },
    },
    async (request) => ok(await service.listCards(requireCtx(request), request.query)),
  );
  app.post(
    '/base/v2/member-cards',
    {
      config: { access: 'session' },
      schema: { tags: TAGS, body: MemberCardBody, response: okResponse(MemberCard) },
    },
    async (request) => ok(await service.createCard(requireCtx(request), request.body)),
  );
  app.put(
    '/base/v2/member-cards/:id',
    {
      config: { access: 'session' },
      schema: {
        tags: TAGS,
        params: PassengerIdParams,
        body: UpdateMemberCardBody,
        response: okResponse(MemberCard),
      },
    },
    async (request) => ok(await service.updateCard(requireCtx(request), request.params.id, request.body)),
  );
  app.delete(
    '/base/v2/member-cards/:id',
    { config: { access: 'session' }, schema: { tags: TAGS, params: PassengerIdParams, response: Deleted } },
    async (request) => {
      await service.deleteCard(requireCtx(request), request.params.id);
      return ok({});
    },
  );

  const pool = createOcrPool({
    ...DEFAULT_OCR_POOL,
    createReader: () => createMrzReader({ tessdataDir: options.config.tessdataDir, now: options.now }),
    ...options.ocr,
  });
  app.addHook('onClose', () => pool.close());
  await app.register(documentAnalysisRoutes, { pool });
}
