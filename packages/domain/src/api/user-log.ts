import { UserLogExportBody, UserLogListQuery, UserLogPage } from '../user-log';
import { defineRoute } from './contract';

const tags = ['user-log'];

export const listUserLogs = defineRoute({
  method: 'GET',
  path: '/base/v2/user-logs',
  operationId: 'listUserLogs',
  summary: "List the agency's user log",
  description:
    "For the agency's SuperUser: one page of what the agency's users did (logins, changes of users, " +
    'orders, payments), filtered by user, action and dates. The log is append-only.',
  tags,
  query: UserLogListQuery,
  response: UserLogPage,
});

export const exportUserLogs = defineRoute({
  method: 'POST',
  path: '/base/v2/user-logs/export',
  operationId: 'exportUserLogs',
  summary: 'Export the user log to Excel',
  description:
    "For the agency's SuperUser: the log rows the filters select, as an Excel file in the caller's language.",
  tags,
  body: UserLogExportBody,
  response: 'file',
});
