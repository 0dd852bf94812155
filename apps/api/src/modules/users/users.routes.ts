import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatedUser,
  CreateUserBody,
  ManagedUser,
  PasswordResetResult,
  UpdateUserBody,
  UserIdParams,
  UserList,
  UserListQuery,
} from '@portal/domain/users';
import { ok } from '../../platform/envelope';
import { clientInfo, requireCtx } from '../../platform/request-context';
import { okResponse } from '../../platform/schema';
import { createUsersService, type CallInfo, type UsersDeps } from './users.service';

const tags = ['users'];

/** A call without a body (an empty JSON object is accepted too). */
const NoBody = z.strictObject({}).nullish();

function callOf(request: FastifyRequest): CallInfo {
  return { ...clientInfo(request), method: request.method, route: request.routeOptions.url ?? '' };
}

/**
 * `/base/v2/users`: the agency's users. Every user of the agency may list them; only its
 * SuperUser adds, edits, resets passwords and deletes (see `users.policy.ts`). Each change writes
 * its own named user log row (`user_create`, …) in its transaction.
 */
export async function usersRoutes(fastify: FastifyInstance, { deps }: { deps: UsersDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService(deps);

  app.get(
    '/base/v2/users',
    {
      config: { access: 'session' },
      schema: { tags, querystring: UserListQuery, response: okResponse(UserList) },
    },
    async (request) => ok(await users.list(requireCtx(request), request.query)),
  );

  app.post(
    '/base/v2/users',
    {
      config: { access: 'superuser', userLog: 'named' },
      schema: { tags, body: CreateUserBody, response: okResponse(CreatedUser) },
    },
    async (request) => ok(await users.create(requireCtx(request), request.body, callOf(request))),
  );

  app.put(
    '/base/v2/users/:id',
    {
      config: { access: 'superuser', userLog: 'named' },
      schema: { tags, params: UserIdParams, body: UpdateUserBody, response: okResponse(ManagedUser) },
    },
    async (request) =>
      ok(await users.update(requireCtx(request), request.params.id, request.body, callOf(request))),
  );

  app.post(
    '/base/v2/users/:id/password',
    {
      config: { access: 'superuser', userLog: 'named' },
      schema: { tags, params: UserIdParams, body: NoBody, response: okResponse(PasswordResetResult) },
    },
    async (request) => ok(await users.resetPassword(requireCtx(request), request.params.id, callOf(request))),
  );

  app.delete(
    '/base/v2/users/:id',
    {
      config: { access: 'superuser', userLog: 'named' },
      schema: { tags, params: UserIdParams, response: okResponse(z.object({})) },
    },
    async (request) => ok(await users.remove(requireCtx(request), request.params.id, callOf(request))),
  );
}
