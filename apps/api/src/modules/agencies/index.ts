/** What the agencies module offers the other modules; nothing else of it may be imported. */
export { allowedParent, assertCanAgencies, assertCanReadLogo, managedAgency } from './agencies.policy';
export { logoUrl, presentCompany, presentSubAgency } from './agencies.presenter';
export {
  childCounts,
  childrenOf,
  findAgencyById,
  insertAgencyWithCode,
  isBelow,
  listAgencies,
  lockAgency,
  markAgencyDeleted,
  superAdminsOf,
  updateAgency,
} from './agencies.repo';
export { agencies, orderOwnerColumns } from './agencies.schema';
export type { AgencyCommonConfig, AgencyRow } from './agencies.schema';
export { LOGO_RULE, prepareLogo } from './agency-logo';
export { createAgency, subAgencyPlace, topLevelCommonConfig } from './create-agency';
export type { AgencyPlace, NewAgency, NewAgencyFields } from './create-agency';
export {
  ALL_SUPPLIERS,
  readSupplierAllowList,
  supplierInList,
  suppliersAllowedFor,
  topAgencyIdOf,
  writeSupplierAllowList,
} from './agency-suppliers';
export type { SupplierAllowList } from './agency-suppliers';
