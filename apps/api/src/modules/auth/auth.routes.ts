import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ChangePasswordBody,
  CONFIG_VALUE_SCHEMAS,
  ConfigKeyParam,
  isValidNewPassword,
  LoginBody,
  SingleLoginBody,
  UpdateMeBody,
} from '@portal/domain/auth';
import { ok } from '../../platform/envelope';
import { AppError, parse } from '../../platform/errors';
import { clientInfo, requireCtx } from '../../platform/request-context';
import type { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  auth: AuthService;
  loginRateLimitMax: number;
}

const LOGIN_WINDOW = '15 minutes';

function loginRateKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  return `${request.ip}:${username}`;
}

const ConfigValueBody = z.strictObject({ value: z.unknown() });

export async function authRoutes(app: FastifyInstance, { auth, loginRateLimitMax }: AuthRoutesOptions) {
  app.post(
    '/base/v2/login',
    {
      config: {
        public: true,
        rateLimit: {
          max: loginRateLimitMax,
          timeWindow: LOGIN_WINDOW,
          hook: 'preHandler',
          keyGenerator: loginRateKey,
        },
      },
    },
    async (request) => {
      const body = parse(LoginBody, request.body);
      return ok(await auth.login(body.username, body.password, clientInfo(request)));
    },
  );

  app.post('/base/v2/single-login', { config: { public: true } }, async (request) => {
    const body = parse(SingleLoginBody, request.body);
    return ok(await auth.singleLogin(body, clientInfo(request)));
  });

  app.get('/base/v2/me', async (request) => ok(auth.me(requireCtx(request))));

  app.put('/base/v2/me', async (request) => {
    const body = parse(UpdateMeBody, request.body);
    return ok(await auth.updateMe(requireCtx(request), body));
  });

  app.put('/base/v2/me/password', async (request) => {
    const raw = request.body as { newPassword?: unknown } | undefined;
    // A specific message for the one rule users meet most: 6 to 15 characters.
    if (typeof raw?.newPassword === 'string' && !isValidNewPassword(raw.newPassword)) {
      throw new AppError('PASSWORD_LENGTH');
    }
    const body = parse(ChangePasswordBody, request.body);
    return ok(
      await auth.changePassword(requireCtx(request), body.oldPassword, body.newPassword, clientInfo(request)),
    );
  });

  app.put('/base/v2/me/config/:key', async (request) => {
    const { key } = parse(z.object({ key: ConfigKeyParam }), request.params);
    const { value } = parse(ConfigValueBody, request.body);
    const parsed = parse(z.object({ value: CONFIG_VALUE_SCHEMAS[key] }), { value });
    return ok(await auth.setConfig(requireCtx(request), key, parsed.value));
  });

  app.delete('/base/v2/me', async (request) =>
    ok(await auth.logout(requireCtx(request), clientInfo(request))),
  );
}
