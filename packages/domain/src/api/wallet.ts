import { z } from 'zod';
import { AgencyIdParams } from '../agencies';
import {
  CreditLimitBody,
  StatementQuery,
  TopUpBody,
  TransactionList,
  TransactionQuery,
  WalletBalance,
  WalletChange,
  WalletEntryList,
  WalletEntryQuery,
  WalletStatement,
} from '../wallet';
import { defineRoute } from './contract';

const tags = ['wallet'];

export const listWalletBalances = defineRoute({
  method: 'GET',
  path: '/base/v2/wallet/balances',
  operationId: 'listWalletBalances',
  summary: "Read the agency's wallet balances",
  description:
    "For finance users: the caller's agency wallets, one per currency, with balance, credit limit and what is available.",
  tags,
  response: z.array(WalletBalance),
});

export const listPaymentBalances = defineRoute({
  method: 'GET',
  path: '/base/v2/wallet/payment-balances',
  operationId: 'listPaymentBalances',
  summary: 'Read what the agency may pay with its balance',
  description:
    "For users who pay orders (operator or SuperUser): the caller's agency wallets, one per currency, with balance, credit limit and what is available, so that a balance payment can be confirmed with the balance before and after.",
  tags,
  response: z.array(WalletBalance),
});

export const listWalletEntries = defineRoute({
  method: 'GET',
  path: '/base/v2/wallet/entries',
  operationId: 'listWalletEntries',
  summary: "List the agency's wallet entries",
  description:
    "For finance users: one page of the agency's wallet entries (charges, refunds, top-ups, credit changes), filtered by type and dates.",
  tags,
  query: WalletEntryQuery,
  response: WalletEntryList,
});

export const listTransactions = defineRoute({
  method: 'GET',
  path: '/base/v2/wallet/transactions',
  operationId: 'listTransactions',
  summary: "List the agency's payment transactions",
  description:
    "For finance users: one page of the agency's payments and refunds by any channel, filtered by order, channel and dates.",
  tags,
  query: TransactionQuery,
  response: TransactionList,
});

export const exportWalletEntries = defineRoute({
  method: 'POST',
  path: '/base/v2/wallet/entries/export',
  operationId: 'exportWalletEntries',
  summary: 'Export the wallet entries to Excel',
  description:
    "For finance users: the wallet entries the filters select, as an Excel file in the caller's language.",
  tags,
  body: WalletEntryQuery,
  response: 'file',
});

export const exportTransactions = defineRoute({
  method: 'POST',
  path: '/base/v2/wallet/transactions/export',
  operationId: 'exportTransactions',
  summary: 'Export the payment transactions to Excel',
  description:
    "For finance users: the transactions the filters select, as an Excel file in the caller's language.",
  tags,
  body: TransactionQuery,
  response: 'file',
});

export const listWalletStatements = defineRoute({
  method: 'GET',
  path: '/base/v2/wallet/statements',
  operationId: 'listWalletStatements',
  summary: "List the agency's monthly statements",
  description:
    "For finance users: the agency's statement of each month in the range (opening and closing balance, charges, refunds, top-ups).",
  tags,
  query: StatementQuery,
  response: z.array(WalletStatement),
});

export const exportWalletStatements = defineRoute({
  method: 'POST',
  path: '/base/v2/wallet/statements/export',
  operationId: 'exportWalletStatements',
  summary: 'Export the monthly statements to Excel',
  description: "For finance users: the statements of the range, as an Excel file in the caller's language.",
  tags,
  body: StatementQuery,
  response: 'file',
});

export const topUpAgency = defineRoute({
  method: 'POST',
  path: '/base/v2/agencies/:id/balance',
  operationId: 'topUpAgency',
  summary: "Top up a managed agency's wallet",
  description:
    "The parent agency's finance staff credits a sub-agency's wallet in one currency, at the given " +
    'exchange rate and with its reference; written to the ledger. Send an Idempotency-Key: a retried top-up is posted once.',
  tags,
  params: AgencyIdParams,
  body: TopUpBody,
  response: WalletChange,
});

export const setCreditLimit = defineRoute({
  method: 'PUT',
  path: '/base/v2/agencies/:id/credit',
  operationId: 'setCreditLimit',
  summary: "Set a managed agency's credit limit",
  description:
    "The parent agency's finance staff sets how far a sub-agency's wallet may go below zero in one " +
    'currency. Send an Idempotency-Key: a retried change is applied once.',
  tags,
  params: AgencyIdParams,
  body: CreditLimitBody,
  response: WalletChange,
});
