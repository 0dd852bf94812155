import { AgencySuppliers, AgencySuppliersBody, PlatformAgencyIdParams } from '../platform-suppliers';
import { defineRoute } from './contract';

const tags = ['platform'];

export const getAgencySuppliers = defineRoute({
  method: 'GET',
  path: '/platform/v2/agencies/:id/suppliers',
  operationId: 'getAgencySuppliers',
  summary: 'Read the suppliers a top-level agency may use',
  description:
    'The configured flight and rail suppliers and the allow-list of a top-level agency (null: all); ' +
    'it applies to every agency below it. A sub-agency or unknown id: 404.',
  tags,
  params: PlatformAgencyIdParams,
  response: AgencySuppliers,
});

export const putAgencySuppliers = defineRoute({
  method: 'PUT',
  path: '/platform/v2/agencies/:id/suppliers',
  operationId: 'putAgencySuppliers',
  summary: 'Set the suppliers a top-level agency may use',
  description:
    'Replaces the allow-list per kind (null: every configured supplier); a name not configured is ' +
    '400. Searches, price checks and bookings of the agency and its sub-agencies never use another ' +
    'supplier. Audited (`agency.suppliers`).',
  tags,
  params: PlatformAgencyIdParams,
  body: AgencySuppliersBody,
  response: AgencySuppliers,
});
