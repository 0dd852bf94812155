import { TrainSearchRequest, TrainSearchResult } from '@portal/domain/rail';
import { getStation } from '@portal/reference-data/stations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { okResponse } from '../../platform/schema';
import { presentTrainSearch } from './rail.presenter';
import type { RailSupplierRegistry } from './rail-supplier';
import { RAIL_SEARCH_TIMEOUT_MS, searchTrains } from './search-trains';

const tags = ['rail'];

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

  app.post(
    '/shopping/v2/train/search',
    {
      config: { access: 'trainBooking', limit: 'search' },
      schema: { tags, body: SearchBody, response: okResponse(TrainSearchResult) },
    },
    async (request) => ok(presentTrainSearch(await searchTrains(deps, request.body))),
  );
}
