import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as suppliersApi from '@portal/domain/api/platform-suppliers';
import { ok } from '../../platform/envelope';
import { requirePlatform } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import { recordPlatformAction } from '../platform-admin/index';
import {
  getAgencySuppliers,
  putAgencySuppliers,
  type PlatformSuppliersDeps,
} from './platform-suppliers.service';

/**
 * `/platform/v2/agencies/:id/suppliers`: the flight and rail suppliers a top-level agency and its
 * sub-agencies may use (`platform:support`). Shopping, rail and the order modules read the list
 * through the agencies module (`suppliersAllowedFor`).
 */
export async function platformSuppliersRoutes(
  fastify: FastifyInstance,
  { deps }: { deps: PlatformSuppliersDeps },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...fromContract(suppliersApi.getAgencySuppliers),
    config: { access: 'platformSupport' },
    handler: async (request) => ok(await getAgencySuppliers(deps, request.params.id)),
  });
  app.route({
    ...fromContract(suppliersApi.putAgencySuppliers),
    config: { access: 'platformSupport' },
    handler: async (request) => {
      const ctx = requirePlatform(request);
      return ok(
        await putAgencySuppliers(deps, request.params.id, request.body, (tx, entry) =>
          recordPlatformAction(tx, ctx, entry),
        ),
      );
    },
  });
}
