import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as companyApi from '@portal/domain/api/company';
import { fromContract } from '../../platform/route-contract';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { requireCtx } from '../../platform/request-context';
import { getCompany, updateCompany } from './company.service';

/** /company: the caller's own agency profile (read by its users, changed by its SuperUser). */
export async function companyRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(companyApi.getCompany),
    config: { access: 'session' },
    handler: async (request) => ok(await getCompany(db, requireCtx(request))),
  });

  app.route({
    ...fromContract(companyApi.updateCompany),
    config: { access: 'superuser' },
    handler: async (request) => ok(await updateCompany(db, requireCtx(request), request.body)),
  });
}
