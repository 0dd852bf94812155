import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordBody,
  CONFIG_VALUE_SCHEMAS,
  ConfigKeyParams,
  isValidNewPassword,
  LoginBody,
  LoginResult,
  MeResult,
  SetConfigBody,
  SingleLoginBody,
  UpdateMeBody,
  UserConfig,
} from '@portal/domain/auth';
import { ok } from '../../platform/envelope';
import { AppError, parse } from '../../platform/errors';
import { clientInfo, requireCtx } from '../../platform/request-context';
import { okResponse } from '../../platform/schema';
import type { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
}

/** An answer without data (`data: {}`). */
const Done = z.object({});

/** The one password rule users meet most (6 to 15 characters) gets its own message, not 100001. */
async function checkNewPasswordLength(request: FastifyRequest): Promise<void> {
  const raw = request.body as { newPassword?: unknown } | undefined;
  if (typeof raw?.newPassword === 'string' && !isValidNewPassword(raw.newPassword)) {
    throw new AppError('PASSWORD_LENGTH');
  }
}

export async function authRoutes(fastify: FastifyInstance, { auth }: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/base/v2/login',
    {
      // Failed logins are limited per account and per address in the service (login-limit.ts).
      config: { access: 'public' },
      schema: { tags: ['auth'], body: LoginBody, response: okResponse(LoginResult) },
    },
    async (request) => {
      const { username, password } = request.body;
      return ok(await auth.login(username, password, clientInfo(request)));
    },
  );

  app.post(
    '/base/v2/single-login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: SingleLoginBody, response: okResponse(LoginResult) },
    },
    async (request) => ok(await auth.singleLogin(request.body, clientInfo(request))),
  );

  app.get(
    '/base/v2/me',
    { config: { access: 'session' }, schema: { tags: ['auth'], response: okResponse(MeResult) } },
    async (request) => ok(auth.me(requireCtx(request))),
  );

  app.put(
    '/base/v2/me',
    {
      config: { access: 'session' },
      schema: { tags: ['auth'], body: UpdateMeBody, response: okResponse(MeResult) },
    },
    async (request) => ok(await auth.updateMe(requireCtx(request), request.body)),
  );

  app.put(
    '/base/v2/me/password',
    {
      config: { access: 'session', userLog: 'named' },
      preValidation: checkNewPasswordLength,
      schema: { tags: ['auth'], body: ChangePasswordBody, response: okResponse(Done) },
    },
    async (request) => {
      const { oldPassword, newPassword } = request.body;
      const ctx = requireCtx(request);
      return ok(await auth.changePassword(ctx, oldPassword, newPassword, clientInfo(request)));
    },
  );

  app.put(
    '/base/v2/me/config/:key',
    {
      config: { access: 'session' },
      schema: {
        tags: ['auth'],
        params: ConfigKeyParams,
        body: SetConfigBody,
        response: okResponse(UserConfig),
      },
    },
    async (request) => {
      const { key } = request.params;
      // Which shape the value must have depends on the key in the path.
      const { value } = parse(z.object({ value: CONFIG_VALUE_SCHEMAS[key] }), request.body);
      return ok(await auth.setConfig(requireCtx(request), key, value));
    },
  );

  app.delete(
    '/base/v2/me',
    {
      config: { access: 'session', userLog: 'named' },
      schema: { tags: ['auth'], response: okResponse(Done) },
    },
    async (request) => ok(await auth.logout(requireCtx(request), clientInfo(request))),
  );
}
