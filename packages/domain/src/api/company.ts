import { CompanyProfile, UpdateCompanyBody } from '../company';
import { defineRoute } from './contract';

const tags = ['company'];

export const getCompany = defineRoute({
  method: 'GET',
  path: '/base/v2/company',
  operationId: 'getCompany',
  summary: "Read the caller's agency profile",
  description:
    "The caller's own agency: name, address, contacts and licence data, as every user of it may read.",
  tags,
  response: CompanyProfile,
});

export const updateCompany = defineRoute({
  method: 'PUT',
  path: '/base/v2/company',
  operationId: 'updateCompany',
  summary: "Change the caller's agency profile",
  description: "The agency's SuperUser changes the profile's editable fields; answers the profile as saved.",
  tags,
  body: UpdateCompanyBody,
  response: CompanyProfile,
});
