import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as platformAuthApi from '@portal/domain/api/platform-auth';
import { ok } from '../../platform/envelope';
import { requirePlatform } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import type { PlatformSignIn } from './sign-in';

export interface PlatformAdminRoutesOptions {
  signIn: PlatformSignIn;
}

/** The platform back office's sign-in, who-am-I and sign-out. */
export async function platformAdminRoutes(fastify: FastifyInstance, { signIn }: PlatformAdminRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(platformAuthApi.platformLogin),
    // Failed sign-ins are limited per account and per address in `sign-in.ts` (login-limit.ts).
    config: { access: 'public' },
    handler: async (request) =>
      ok(await signIn.login(request.body, { ip: request.ip, requestId: request.id })),
  });

  app.route({
    ...fromContract(platformAuthApi.getPlatformMe),
    config: { access: 'platform' },
    handler: async (request) => ok(await signIn.me(requirePlatform(request))),
  });

  app.route({
    ...fromContract(platformAuthApi.platformLogout),
    config: { access: 'platform' },
    handler: async (request) => ok(await signIn.logout(requirePlatform(request))),
  });
}
