import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as shoppingApi from '@portal/domain/api/shopping';
import { fromContract } from '../../platform/route-contract';
import { ok } from '../../platform/envelope';
import { projectingSerializerCompiler } from '../../platform/schema';
import { requireCtx } from '../../platform/request-context';
import { accurateSearch } from './accurate-search';
import { analyzePnr } from './analyze-pnr';
import { getSolutions } from './get-solutions';
import type { ShoppingDeps } from './shopping.context';
import { solutionAncillaries } from './solution-ancillaries';
import { startSearch } from './start-search';
import { verifySolution } from './verify-solution';

/**
 * Spec §7 shopping calls; every one needs the flight service and is scoped to the caller's agency.
 * Starting a search and reading a PNR count against the per-user and per-agency search limit.
 */
export async function shoppingRoutes(fastify: FastifyInstance, { deps }: { deps: ShoppingDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(shoppingApi.startShopping),
    config: { access: 'flight', limit: 'search' },
    handler: async (request) => ok(await startSearch(deps, requireCtx(request), request.body)),
  });

  app.route({
    ...fromContract(shoppingApi.getSolutions),
    config: { access: 'flight' },
    // Polled by every searching agent: the solutions were priced by the server and are typed by
    // this schema, so the answer is projected to its fields without checking each value again.
    serializerCompiler: projectingSerializerCompiler,
    handler: async (request) => ok(await getSolutions(deps, requireCtx(request), request.body)),
  });

  app.route({
    ...fromContract(shoppingApi.accurateSearch),
    config: { access: 'flight', limit: 'search' },
    handler: async (request) => ok(await accurateSearch(deps, requireCtx(request), request.body)),
  });

  app.route({
    ...fromContract(shoppingApi.analyzePnr),
    config: { access: 'flightPnr', limit: 'search' },
    handler: async (request) => ok(analyzePnr(request.body.pnr, deps.now())),
  });

  app.route({
    ...fromContract(shoppingApi.verifySolution),
    config: { access: 'flight' },
    handler: async (request) => ok(await verifySolution(deps, requireCtx(request), request.params.id)),
  });

  app.route({
    ...fromContract(shoppingApi.getSolutionAncillaries),
    config: { access: 'flight' },
    handler: async (request) => ok(await solutionAncillaries(deps, requireCtx(request), request.params.id)),
  });
}
