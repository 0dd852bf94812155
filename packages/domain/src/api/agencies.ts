import {
  AgencyIdParams,
  AgencyListQuery,
  ApiKeyResult,
  CreateAgencyBody,
  CreatedAgency,
  SubAgency,
  SubAgencyList,
  SuperAdminPasswordReset,
  UpdateAgencyBody,
} from '../agencies';
import { Done, NoBody } from './common';
import { defineRoute } from './contract';

const tags = ['agencies'];

export const listAgencies = defineRoute({
  method: 'GET',
  path: '/base/v2/agencies',
  operationId: 'listAgencies',
  summary: "List the caller's sub-agency tree",
  description:
    "For an agency manager: the agencies below the caller's agency, with their status, services, " +
    'balance summary and logo address, filtered by name and status.',
  tags,
  query: AgencyListQuery,
  response: SubAgencyList,
});

export const createAgency = defineRoute({
  method: 'POST',
  path: '/base/v2/agencies',
  operationId: 'createAgency',
  summary: 'Create a sub-agency',
  description:
    "The agency's SuperUser creates a direct sub-agency with its SuperUser account; the account's " +
    'first password is answered once. Send an Idempotency-Key: a replay answers the agency without the password.',
  tags,
  body: CreateAgencyBody,
  response: CreatedAgency,
});

export const updateAgency = defineRoute({
  method: 'PUT',
  path: '/base/v2/agencies/:id',
  operationId: 'updateAgency',
  summary: 'Change a sub-agency',
  description: "The parent agency's SuperUser changes a sub-agency's name, contacts and status.",
  tags,
  params: AgencyIdParams,
  body: UpdateAgencyBody,
  response: SubAgency,
});

export const deleteAgency = defineRoute({
  method: 'DELETE',
  path: '/base/v2/agencies/:id',
  operationId: 'deleteAgency',
  summary: 'Delete a sub-agency',
  description:
    "The parent agency's SuperUser deletes a sub-agency without sub-agencies, balance or credit of its own.",
  tags,
  params: AgencyIdParams,
  response: Done,
});

export const resetSuperAdminPassword = defineRoute({
  method: 'POST',
  path: '/base/v2/agencies/:id/superuser/password',
  operationId: 'resetSuperAdminPassword',
  summary: "Reset a sub-agency SuperUser's password",
  description:
    "The parent agency's SuperUser gives the sub-agency's SuperUser a temporary password, answered once.",
  tags,
  params: AgencyIdParams,
  body: NoBody,
  response: SuperAdminPasswordReset,
});

export const uploadAgencyLogo = defineRoute({
  method: 'PUT',
  path: '/base/v2/agencies/:id/logo',
  operationId: 'uploadAgencyLogo',
  summary: "Upload an agency's logo",
  description:
    'An agency admin uploads the logo of their agency or of a sub-agency: one multipart `file` part, a PNG ' +
    'or JPEG within the logo size limit, stored as a PNG within 400 x 160. Answers the agency with its new logo address.',
  tags,
  params: AgencyIdParams,
  consumes: 'multipart/form-data',
  response: SubAgency,
});

export const getAgencyLogo = defineRoute({
  method: 'GET',
  path: '/base/v2/agencies/:id/logo',
  operationId: 'getAgencyLogo',
  summary: "Download an agency's logo",
  description:
    "The agency's logo image, for users who may see the agency; its address changes with each upload.",
  tags,
  params: AgencyIdParams,
  response: 'image',
});

export const issueApiKey = defineRoute({
  method: 'POST',
  path: '/base/v2/agencies/:id/apikey',
  operationId: 'issueApiKey',
  summary: 'Issue an API key',
  description:
    "An agency admin issues the API key of their own agency or of a direct sub-agency, for the agency's " +
    'systems to call the API. The key is answered once and the previous one stops working.',
  tags,
  params: AgencyIdParams,
  body: NoBody,
  response: ApiKeyResult,
});
