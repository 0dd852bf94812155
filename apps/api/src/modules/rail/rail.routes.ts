import * as railApi from '@portal/domain/api/rail';
import { TrainSearchRequest } from '@portal/domain/rail';
import { getStation } from '@portal/reference-data/stations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../platform/config';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { fromContract } from '../../platform/route-contract';
import { okResponse } from '../../platform/schema';
import { presentTrainSearch } from './rail.presenter';
import { createRailRegistry, type RailSupplierRegistry } from './rail-supplier';
import { RAIL_SEARCH_TIMEOUT_MS, searchTrains } from './search-trains';
import { createSimRail } from './sim-rail';

/** The search body: the domain's request, with both stations known to the station table. */
const SearchBody = TrainSearchRequest.refine((r) => getStation(r.origin) !== undefined, {
  message: 'Unknown station',
  path: ['origin'],
}).refine((r) => getStation(r.destination) !== undefined, {
  message: 'Unknown station',
  path: ['destination'],
});

/**
 * The rail suppliers of an app: the simulated one with SIMULATED_SUPPLIERS (on in the demo), none
 * otherwise (a simulated part is a real adapter, off outside the demo unless configured).
 */
export function railRegistryFor(config: AppConfig): RailSupplierRegistry {
  return createRailRegistry(
    config.simulatedSuppliers
      ? [createSimRail({ latencyScale: config.supplierLatencyScale, seed: config.supplierSeed })]
      : [],
  );
}

const Faults = z.strictObject({
  timeout: z.boolean().optional(),
  error: z.boolean().optional(),
  soldOut: z.boolean().optional(),
  noTrains: z.boolean().optional(),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  orderError: z.boolean().optional(),
  ticketRefused: z.boolean().optional(),
  refundRefused: z.boolean().optional(),
  priceMinor: z.number().int().min(1).max(100_000_000).optional(),
});

export interface RailRoutesOptions {
  config: AppConfig;
  now: () => Date;
  /** Rail suppliers other than the configured ones (tests). */
  registry?: RailSupplierRegistry;
}

/**
 * Train search (`POST /shopping/v2/train/search`, train booking: the service on and an operator or
 * SuperUser) and, with ENABLE_TEST_HOOKS, the simulated rail supplier's fault knobs.
 */
export async function railRoutes(fastify: FastifyInstance, options: RailRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const registry = options.registry ?? railRegistryFor(options.config);
  const deps = { registry, now: options.now, timeoutMs: RAIL_SEARCH_TIMEOUT_MS };

  app.route({
    ...fromContract(railApi.searchTrains, { body: SearchBody }),
    config: { access: 'trainBooking', limit: 'search' },
    handler: async (request) => ok(presentTrainSearch(await searchTrains(deps, request.body))),
  });

  if (!options.config.enableTestHooks) return;
  app.post(
    '/__test/rail-suppliers/:name/faults',
    {
      config: { access: 'public' },
      schema: {
        tags: ['test-hooks'],
        params: z.strictObject({ name: z.string().min(1).max(40) }),
        // No body clears the supplier's faults.
        body: Faults.nullish(),
        response: okResponse(z.object({ name: z.string(), faults: Faults })),
      },
    },
    async (request) => {
      const { name } = request.params;
      const faults = request.body ?? {};
      if (!registry.setFaults(name, faults)) throw new AppError('NOT_FOUND');
      return ok({ name, faults });
    },
  );
}
