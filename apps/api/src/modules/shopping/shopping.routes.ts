import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccurateSearchRequest,
  AccurateSearchResult,
  PnrAnalysisRequest,
  PnrAnalysisResult,
  ShoppingRequest,
  ShoppingStarted,
  SolutionsDelta,
  SolutionsRequest,
  VerificationResult,
} from '@portal/domain/shopping';
import { ok } from '../../platform/envelope';
import { okResponse, projectingSerializerCompiler } from '../../platform/schema';
import { requireCtx } from '../../platform/request-context';
import { accurateSearch } from './accurate-search';
import { analyzePnr } from './analyze-pnr';
import { getSolutions } from './get-solutions';
import type { ShoppingDeps } from './shopping.context';
import { startSearch } from './start-search';
import { verifySolution } from './verify-solution';

const SolutionIdParams = z.strictObject({ id: z.string().min(1).max(64) });
/** The price check takes no body (Fastify gives null); an empty JSON object is accepted too. */
const NoBody = z.strictObject({}).nullish();
const tags = ['shopping'];

/**
 * Spec §7 shopping calls; every one needs the flight service and is scoped to the caller's agency.
 * Starting a search and reading a PNR count against the per-user and per-agency search limit.
 */
export async function shoppingRoutes(fastify: FastifyInstance, { deps }: { deps: ShoppingDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/shopping/v2/flight/async-shopping',
    {
      config: { access: 'flight', limit: 'search' },
      schema: { tags, body: ShoppingRequest, response: okResponse(ShoppingStarted) },
    },
    async (request) => ok(await startSearch(deps, requireCtx(request), request.body)),
  );

  app.post(
    '/shopping/v2/flight/async-shopping/solutions',
    {
      config: { access: 'flight' },
      schema: { tags, body: SolutionsRequest, response: okResponse(SolutionsDelta) },
      // Polled by every searching agent: the solutions were priced by the server and are typed by
      // this schema, so the answer is projected to its fields without checking each value again.
      serializerCompiler: projectingSerializerCompiler,
    },
    async (request) => ok(await getSolutions(deps, requireCtx(request), request.body)),
  );

  app.post(
    '/shopping/v2/flight/accurate-search',
    {
      config: { access: 'flight', limit: 'search' },
      schema: { tags, body: AccurateSearchRequest, response: okResponse(AccurateSearchResult) },
    },
    async (request) => ok(await accurateSearch(deps, requireCtx(request), request.body)),
  );

  app.post(
    '/shopping/v2/flight/analysis-pnr',
    {
      config: { access: 'flightPnr', limit: 'search' },
      schema: { tags, body: PnrAnalysisRequest, response: okResponse(PnrAnalysisResult) },
    },
    async (request) => ok(analyzePnr(request.body.pnr, deps.now())),
  );

  app.post(
    '/shopping/v2/flight/solutions/:id/verification',
    {
      config: { access: 'flight' },
      schema: { tags, params: SolutionIdParams, body: NoBody, response: okResponse(VerificationResult) },
    },
    async (request) => ok(await verifySolution(deps, requireCtx(request), request.params.id)),
  );
}
