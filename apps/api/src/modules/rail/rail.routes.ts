import * as railApi from '@portal/domain/api/rail';
import { TrainSearchRequest } from '@portal/domain/rail';
import { getStation } from '@portal/reference-data/stations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { requireCtx } from '../../platform/request-context';
import { suppliersAllowedFor } from '../agencies/index';
import { fromContract } from '../../platform/route-contract';
import { presentTrainSearch } from './rail.presenter';
import type { RailSupplierRegistry } from './rail-supplier';
import { RAIL_SEARCH_TIMEOUT_MS, searchTrains } from './search-trains';

/** The search body: the domain's request, with both stations known to the station table. */
const SearchBody = TrainSearchRequest.refine((r) => getStation(r.origin) !== undefined, {
  message: 'Unknown station',
  path: ['origin'],
}).refine((r) => getStation(r.destination) !== undefined, {
  message: 'Unknown station',
  path: ['destination'],
});

export interface RailRoutesOptions {
  db: Db;
  now: () => Date;
  /** The rail suppliers, chosen by the composition root (`app.ts`). */
  registry: RailSupplierRegistry;
}

/** Train search (`POST /shopping/v2/train/search`, train booking: the service on and an operator or SuperUser). */
export async function railRoutes(fastify: FastifyInstance, options: RailRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { registry: options.registry, now: options.now, timeoutMs: RAIL_SEARCH_TIMEOUT_MS };

  app.route({
    ...fromContract(railApi.searchTrains, { body: SearchBody }),
    config: { access: 'trainBooking', limit: 'search' },
    handler: async (request) => {
      // Only the rail suppliers the platform lets the agency's top-level agency use are asked.
      const allowed = await suppliersAllowedFor(options.db, requireCtx(request).agency.id);
      return ok(presentTrainSearch(await searchTrains(deps, request.body, allowed.rail)));
    },
  });
}
