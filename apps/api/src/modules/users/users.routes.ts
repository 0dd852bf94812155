import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as usersApi from '@portal/domain/api/users';
import { fromContract } from '../../platform/route-contract';
import { ok } from '../../platform/envelope';
import { clientInfo, requireCtx } from '../../platform/request-context';
import { createUsersService, type CallInfo, type UsersDeps } from './users.service';

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

  app.route({
    ...fromContract(usersApi.listUsers),
    config: { access: 'session' },
    handler: async (request) => ok(await users.list(requireCtx(request), request.query)),
  });

  app.route({
    ...fromContract(usersApi.createUser),
    config: { access: 'superuser', userLog: 'named' },
    handler: async (request) => ok(await users.create(requireCtx(request), request.body, callOf(request))),
  });

  app.route({
    ...fromContract(usersApi.updateUser),
    config: { access: 'superuser', userLog: 'named' },
    handler: async (request) =>
      ok(await users.update(requireCtx(request), request.params.id, request.body, callOf(request))),
  });

  app.route({
    ...fromContract(usersApi.resetUserPassword),
    config: { access: 'superuser', userLog: 'named' },
    handler: async (request) =>
      ok(await users.resetPassword(requireCtx(request), request.params.id, callOf(request))),
  });

  app.route({
    ...fromContract(usersApi.deleteUser),
    config: { access: 'superuser', userLog: 'named' },
    handler: async (request) =>
      ok(await users.remove(requireCtx(request), request.params.id, callOf(request))),
  });
}
