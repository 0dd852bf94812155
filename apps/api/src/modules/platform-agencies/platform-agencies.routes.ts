import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as applicationsApi from '@portal/domain/api/platform-applications';
import * as agenciesApi from '@portal/domain/api/platform-agencies';
import { ok } from '../../platform/envelope';
import { requirePlatform } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import { createApplicationsService } from './applications.service';
import { convertApplication, type ConversionDeps } from './convert-application';
import { actorOf } from './platform-actor';
import { createTopAgenciesService, type TopAgenciesDeps } from './top-agencies.service';

export type PlatformAgenciesDeps = ConversionDeps & TopAgenciesDeps;

/**
 * The platform's applications (platform:support) and top-level agencies (read by any platform
 * admin, suspended and resumed with platform:support). Every change is in the platform audit log.
 */
export async function platformAgenciesRoutes(
  fastify: FastifyInstance,
  { deps }: { deps: PlatformAgenciesDeps },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const applications = createApplicationsService(deps.db);
  const agencies = createTopAgenciesService(deps);

  app.route({
    ...fromContract(applicationsApi.listApplications),
    config: { access: 'platformSupport' },
    handler: async (request) => ok(await applications.list(request.query)),
  });

  app.route({
    ...fromContract(applicationsApi.getApplication),
    config: { access: 'platformSupport' },
    handler: async (request) => ok(await applications.get(request.params.id)),
  });

  app.route({
    ...fromContract(applicationsApi.setApplicationStatus),
    config: { access: 'platformSupport' },
    handler: async (request) =>
      ok(
        await applications.setStatus(
          actorOf(requirePlatform(request)),
          request.params.id,
          request.body.status,
        ),
      ),
  });

  app.route({
    ...fromContract(applicationsApi.addApplicationNote),
    config: { access: 'platformSupport' },
    handler: async (request) =>
      ok(await applications.addNote(actorOf(requirePlatform(request)), request.params.id, request.body.text)),
  });

  app.route({
    ...fromContract(applicationsApi.convertApplication),
    config: { access: 'platformSupport' },
    handler: async (request) =>
      ok(await convertApplication(deps, actorOf(requirePlatform(request)), request.params.id, request.body)),
  });

  app.route({
    ...fromContract(agenciesApi.listTopAgencies),
    config: { access: 'platform' },
    handler: async (request) => ok(await agencies.list(request.query)),
  });

  app.route({
    ...fromContract(agenciesApi.suspendAgency),
    config: { access: 'platformSupport' },
    handler: async (request) =>
      ok(await agencies.suspend(actorOf(requirePlatform(request)), request.params.id, request.body.reason)),
  });

  app.route({
    ...fromContract(agenciesApi.resumeAgency),
    config: { access: 'platformSupport' },
    handler: async (request) =>
      ok(await agencies.resume(actorOf(requirePlatform(request)), request.params.id)),
  });
}
