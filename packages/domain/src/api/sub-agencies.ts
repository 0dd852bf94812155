import {
  LookToBook,
  LookToBookQuery,
  SubAgencyBalance,
  SubAgencyIdParams,
  SubStatementDetail,
  SubStatementList,
  SubStatementParams,
  SubStatementQuery,
} from '../sub-agencies';
import { TransactionList, TransactionQuery, WalletEntryList, WalletEntryQuery } from '../wallet';
import { defineRoute } from './contract';

const tags = ['sub-agencies'];

export const listSubStatements = defineRoute({
  method: 'GET',
  path: '/base/v2/sub/statements',
  operationId: 'listSubStatements',
  summary: "List the sub-agencies' monthly statements",
  description:
    'For an agency manager with finance access: one page of the monthly statements of the agencies ' +
    "below the caller's agency (orders, refunds, top-ups and balance of each month).",
  tags,
  query: SubStatementQuery,
  response: SubStatementList,
});

export const exportSubStatements = defineRoute({
  method: 'POST',
  path: '/base/v2/sub/statements',
  operationId: 'exportSubStatements',
  summary: "Export the sub-agencies' statements to Excel",
  description: "The statements the filters select, as an Excel file in the caller's language.",
  tags,
  body: SubStatementQuery,
  response: 'file',
});

export const getSubStatement = defineRoute({
  method: 'GET',
  path: '/base/v2/sub/statements/:a/:b',
  operationId: 'getSubStatement',
  summary: "Read one sub-agency's statement of a month",
  description:
    "The lines of one sub-agency's statement of one month, for an agency manager with finance access.",
  tags,
  params: SubStatementParams,
  response: SubStatementDetail,
});

export const getSubAgencyBalance = defineRoute({
  method: 'GET',
  path: '/base/v2/sub/balance/:id',
  operationId: 'getSubAgencyBalance',
  summary: "Read a sub-agency's balance",
  description:
    "A sub-agency's wallets: balance and credit limit per currency, for an agency manager with finance access.",
  tags,
  params: SubAgencyIdParams,
  response: SubAgencyBalance,
});

export const getLookToBook = defineRoute({
  method: 'GET',
  path: '/base/v2/sub/look-to-book',
  operationId: 'getLookToBook',
  summary: "Compare the sub-agencies' searches with their bookings",
  description:
    'Searches and booked orders per sub-agency over a period (the look-to-book ratio), for an agency manager.',
  tags,
  query: LookToBookQuery,
  response: LookToBook,
});

export const listSubWalletEntries = defineRoute({
  method: 'GET',
  path: '/base/v2/sub/bills/:id/entries',
  operationId: 'listSubWalletEntries',
  summary: "List a sub-agency's wallet entries",
  description:
    "One page of a sub-agency's wallet entries (charges, refunds, top-ups), for an agency manager who may read agency bills.",
  tags,
  params: SubAgencyIdParams,
  query: WalletEntryQuery,
  response: WalletEntryList,
});

export const listSubTransactions = defineRoute({
  method: 'GET',
  path: '/base/v2/sub/bills/:id/transactions',
  operationId: 'listSubTransactions',
  summary: "List a sub-agency's transactions",
  description:
    "One page of a sub-agency's payment transactions, for an agency manager who may read agency bills.",
  tags,
  params: SubAgencyIdParams,
  query: TransactionQuery,
  response: TransactionList,
});

export const exportSubWalletEntries = defineRoute({
  method: 'POST',
  path: '/base/v2/sub/bills/:id/entries/export',
  operationId: 'exportSubWalletEntries',
  summary: "Export a sub-agency's wallet entries to Excel",
  description:
    "The sub-agency's wallet entries the filters select, as an Excel file in the caller's language.",
  tags,
  params: SubAgencyIdParams,
  body: WalletEntryQuery,
  response: 'file',
});

export const exportSubTransactions = defineRoute({
  method: 'POST',
  path: '/base/v2/sub/bills/:id/transactions/export',
  operationId: 'exportSubTransactions',
  summary: "Export a sub-agency's transactions to Excel",
  description: "The sub-agency's transactions the filters select, as an Excel file in the caller's language.",
  tags,
  params: SubAgencyIdParams,
  body: TransactionQuery,
  response: 'file',
});
