import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompanyProfile, UpdateCompanyBody } from '@portal/domain/company';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { requireCtx } from '../../platform/request-context';
import { okResponse } from '../../platform/schema';
import { getCompany, updateCompany } from './company.service';

/** /company: the caller's own agency profile (read by its users, changed by its SuperUser). */
export async function companyRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/base/v2/company',
    { config: { access: 'session' }, schema: { tags: ['company'], response: okResponse(CompanyProfile) } },
    async (request) => ok(await getCompany(db, requireCtx(request))),
  );

  app.put(
    '/base/v2/company',
    {
      config: { access: 'superuser' },
      schema: { tags: ['company'], body: UpdateCompanyBody, response: okResponse(CompanyProfile) },
    },
    async (request) => ok(await updateCompany(db, requireCtx(request), request.body)),
  );
}
