import { PlatformAuditPage, PlatformAuditQuery } from '../platform-schemas';
import { defineRoute } from './contract';

const tags = ['platform'];

export const listPlatformAudit = defineRoute({
  method: 'GET',
  path: '/platform/v2/audit',
  operationId: 'listPlatformAudit',
  summary: 'List the platform audit log',
  description:
    'For platform admins: every platform action (sign-ins, sign-outs, changes and approvals) with who, ' +
    'what, the target before and after, and the approver; filtered by action, admin, target and UTC ' +
    'date range, newest first.',
  tags,
  query: PlatformAuditQuery,
  response: PlatformAuditPage,
});

export const exportPlatformAudit = defineRoute({
  method: 'POST',
  path: '/platform/v2/audit/export',
  operationId: 'exportPlatformAudit',
  summary: 'Export the platform audit log to Excel',
  description:
    "For platform admins: the audit rows the filters select (at most 10,000, newest first), as an Excel file in the caller's language.",
  tags,
  body: PlatformAuditQuery,
  response: 'file',
});
