import * as railApi from '@portal/domain/api/rail';
import { TrainSearchRequest } from '@portal/domain/rail';
import { getStation } from '@portal/reference-data/stations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
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
    handler: async (request) => ok(presentTrainSearch(await searchTrains(deps, request.body))),
  });
}
