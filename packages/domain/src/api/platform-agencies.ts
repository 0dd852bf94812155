import { AgencyIdParams } from '../agencies';
import { SuspendAgencyBody, TopAgency, TopAgencyList, TopAgencyListQuery } from '../platform-agencies';
import { defineRoute } from './contract';

const tags = ['platform'];

export const listTopAgencies = defineRoute({
  method: 'GET',
  path: '/platform/v2/agencies',
  operationId: 'listPlatformAgencies',
  summary: 'List the top-level agencies',
  description:
    'For any platform admin: one page of the top-level agencies by name (or alias, partner code) ' +
    'and status, each with its wallet in the settlement currency (balance, credit limit, ' +
    'available), the look-to-book of its whole tree over the last 30 days and its status.',
  tags,
  query: TopAgencyListQuery,
  response: TopAgencyList,
});

export const suspendAgency = defineRoute({
  method: 'POST',
  path: '/platform/v2/agencies/:id/suspension',
  operationId: 'suspendPlatformAgency',
  summary: 'Suspend a top-level agency',
  description:
    'For platform:support, with a reason: the agency and every agency below it can no longer ' +
    'sign in, and their sessions and API keys answer 403 201050, until resumed. Nothing else ' +
    'changes. A sub-agency is refused (409 901003). Audited.',
  tags,
  params: AgencyIdParams,
  body: SuspendAgencyBody,
  response: TopAgency,
});

export const resumeAgency = defineRoute({
  method: 'DELETE',
  path: '/platform/v2/agencies/:id/suspension',
  operationId: 'resumePlatformAgency',
  summary: 'Resume a suspended top-level agency',
  description:
    'For platform:support: the agency and its sub-agencies work again as before (sessions that ' +
    'have not expired and API keys included). Audited.',
  tags,
  params: AgencyIdParams,
  response: TopAgency,
});
