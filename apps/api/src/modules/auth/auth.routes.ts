import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as sessionApi from '@portal/domain/api/session';
import * as profileApi from '@portal/domain/api/profile';
import { fromContract } from '../../platform/route-contract';
import { z } from 'zod';
import { CONFIG_VALUE_SCHEMAS, isValidNewPassword } from '@portal/domain/auth';
import { ok } from '../../platform/envelope';
import { AppError, parse } from '../../platform/errors';
import { clientInfo, requireCtx } from '../../platform/request-context';
import type { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
}

/** The one password rule users meet most (6 to 15 characters) gets its own message, not 100001. */
async function checkNewPasswordLength(request: FastifyRequest): Promise<void> {
  const raw = request.body as { newPassword?: unknown } | undefined;
  if (typeof raw?.newPassword === 'string' && !isValidNewPassword(raw.newPassword)) {
    throw new AppError('PASSWORD_LENGTH');
  }
}

export async function authRoutes(fastify: FastifyInstance, { auth }: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(sessionApi.login),
    // Failed logins are limited per account and per address in the service (login-limit.ts).
    config: { access: 'public' },
    handler: async (request) => {
      const { username, password } = request.body;
      return ok(await auth.login(username, password, clientInfo(request)));
    },
  });

  app.route({
    ...fromContract(sessionApi.singleLogin),
    config: { access: 'public' },
    handler: async (request) => ok(await auth.singleLogin(request.body, clientInfo(request))),
  });

  app.route({
    ...fromContract(sessionApi.getMe),
    config: { access: 'session' },
    handler: async (request) => ok(auth.me(requireCtx(request))),
  });

  app.route({
    ...fromContract(profileApi.updateMe),
    config: { access: 'session' },
    handler: async (request) => ok(await auth.updateMe(requireCtx(request), request.body)),
  });

  app.route({
    ...fromContract(profileApi.changePassword),
    config: { access: 'session', userLog: 'named' },
    preValidation: checkNewPasswordLength,
    handler: async (request) => {
      const { oldPassword, newPassword } = request.body;
      const ctx = requireCtx(request);
      return ok(await auth.changePassword(ctx, oldPassword, newPassword, clientInfo(request)));
    },
  });

  app.route({
    ...fromContract(profileApi.setConfig),
    config: { access: 'session' },
    handler: async (request) => {
      const { key } = request.params;
      // Which shape the value must have depends on the key in the path.
      const { value } = parse(z.object({ value: CONFIG_VALUE_SCHEMAS[key] }), request.body);
      return ok(await auth.setConfig(requireCtx(request), key, value));
    },
  });

  app.route({
    ...fromContract(sessionApi.logout),
    config: { access: 'session', userLog: 'named' },
    handler: async (request) => ok(await auth.logout(requireCtx(request), clientInfo(request))),
  });
}
