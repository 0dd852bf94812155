import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AccurateSearchRequest,
  PnrAnalysisRequest,
  ShoppingRequest,
  SolutionsRequest,
} from '@portal/domain/shopping';
import { ok } from '../../platform/envelope';
import { parse } from '../../platform/errors';
import { requireCtx } from '../../platform/request-context';
import { accurateSearch } from './accurate-search';
import { requireFlightService } from './access';
import { analyzePnr } from './analyze-pnr';
import { getSolutions } from './get-solutions';
import type { ShoppingDeps } from './shopping.context';
import { startSearch } from './start-search';
import { verifySolution } from './verify-solution';

const SolutionIdParam = z.object({ id: z.string().min(1).max(64) });

/** Spec §7 shopping calls; every one needs the flight service and is scoped to the caller's agency. */
export async function shoppingRoutes(app: FastifyInstance, { deps }: { deps: ShoppingDeps }) {
  const flightCtx = (request: Parameters<typeof requireCtx>[0]) => {
    const ctx = requireCtx(request);
    requireFlightService(ctx);
    return ctx;
  };

  app.post('/shopping/v2/flight/async-shopping', async (request) => {
    const ctx = flightCtx(request);
    return ok(await startSearch(deps, ctx, parse(ShoppingRequest, request.body)));
  });

  app.post('/shopping/v2/flight/async-shopping/solutions', async (request) => {
    const ctx = flightCtx(request);
    const { searchId } = parse(SolutionsRequest, request.body);
    return ok(await getSolutions(deps, ctx, searchId));
  });

  app.post('/shopping/v2/flight/accurate-search', async (request) => {
    const ctx = flightCtx(request);
    return ok(await accurateSearch(deps, ctx, parse(AccurateSearchRequest, request.body)));
  });

  app.post('/shopping/v2/flight/analysis-pnr', async (request) => {
    flightCtx(request);
    const { pnr } = parse(PnrAnalysisRequest, request.body);
    return ok(analyzePnr(pnr, deps.now()));
  });

  app.post('/shopping/v2/flight/solutions/:id/verification', async (request) => {
    const ctx = flightCtx(request);
    const { id } = parse(SolutionIdParam, request.params);
    return ok(await verifySolution(deps, ctx, id));
  });
}
