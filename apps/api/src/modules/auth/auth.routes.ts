import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { LoginAttemptLimiter } from './login-limit';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Login attempts per username and client address in the window. */
  loginRateLimitMax: number;
  /** Failed login attempts per client address, across usernames, in the window. */
  loginIpRateLimitMax: number;
}

const LOGIN_WINDOW_MS = 15 * 60_000;

/** An answer without data (`data: {}`). */
const Done = z.object({});

function loginRateKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  return `${request.ip}:${username}`;
}

/** Over the per-address budget: 429 with `Retry-After` and the wait in the user's language. */
function refuseAddress(reply: FastifyReply, seconds: number): AppError {
  void reply.header('retry-after', String(seconds));
  return new AppError('LOGIN_IP_RATE_LIMITED', { seconds }, { retryAfterSeconds: seconds });
}

/** The one password rule users meet most (6 to 15 characters) gets its own message, not 100001. */
async function checkNewPasswordLength(request: FastifyRequest): Promise<void> {
  const raw = request.body as { newPassword?: unknown } | undefined;
  if (typeof raw?.newPassword === 'string' && !isValidNewPassword(raw.newPassword)) {
    throw new AppError('PASSWORD_LENGTH');
  }
}

export async function authRoutes(
  fastify: FastifyInstance,
  { auth, loginRateLimitMax, loginIpRateLimitMax }: AuthRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const addressLimiter = new LoginAttemptLimiter(loginIpRateLimitMax, LOGIN_WINDOW_MS);

  app.post(
    '/base/v2/login',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: loginRateLimitMax,
          timeWindow: LOGIN_WINDOW_MS,
          hook: 'preHandler',
          keyGenerator: loginRateKey,
        },
      },
      schema: { tags: ['auth'], body: LoginBody, response: okResponse(LoginResult) },
    },
    async (request, reply) => {
      const wait = addressLimiter.begin(request.ip);
      if (wait !== undefined) throw refuseAddress(reply, wait);
      const { username, password } = request.body;
      const result = await auth.login(username, password, clientInfo(request));
      addressLimiter.succeeded(request.ip);
      return ok(result);
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
      return ok(
        await auth.changePassword(requireCtx(request), oldPassword, newPassword, clientInfo(request)),
      );
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
