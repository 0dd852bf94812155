import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as applicationsApi from '@portal/domain/api/applications';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { localeOf } from '../../platform/i18n';
import { WindowCounter } from '../../platform/rate-limits';
import { fromContract } from '../../platform/route-contract';
import { submitApplication } from './submit-application';

export interface ApplicationsDeps {
  db: Db;
  now: () => Date;
  salesEmail: string;
}

/** The home page's partnership enquiry (public). */
export async function applicationsRoutes(fastify: FastifyInstance, { deps }: { deps: ApplicationsDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const counter = new WindowCounter(() => deps.now().getTime());
  app.route({
    ...fromContract(applicationsApi.submitApplication),
    config: { access: 'public' },
    handler: async (request) => {
      await submitApplication({ ...deps, counter, log: request.log }, request.body, {
        ip: request.ip,
        locale: localeOf(request),
      });
      return ok({ received: true as const });
    },
  });
}
