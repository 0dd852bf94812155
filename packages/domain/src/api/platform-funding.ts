import { z } from 'zod';
import {
  AgencyOption,
  Approval,
  ApprovalIdParams,
  ApprovalList,
  ApprovalListQuery,
  CreditRequestBody,
  FundingRequestBody,
  RejectionBody,
} from '../platform-funding';
import { NoBody } from './common';
import { defineRoute } from './contract';

const tags = ['platform'];

export const createFundingRequest = defineRoute({
  method: 'POST',
  path: '/platform/v2/funding-requests',
  operationId: 'createFundingRequest',
  summary: 'Ask to fund a top-level agency',
  description:
    'For a platform admin with platform:finance: a request to credit a top-level agency’s wallet with money ' +
    'received against a bank reference (unique per agency). Nothing posts until another platform admin approves. ' +
    'A sub-agency (its parent funds it), a suspended or deleted agency, a reference pending or credited already, ' +
    'and amounts above the maximum are refused.',
  tags,
  body: FundingRequestBody,
  response: Approval,
});

export const createCreditRequest = defineRoute({
  method: 'POST',
  path: '/platform/v2/credit-requests',
  operationId: 'createCreditRequest',
  summary: 'Ask to set the credit limit of a top-level agency',
  description:
    'For a platform admin with platform:finance: a request to set a top-level agency’s credit limit in a ' +
    'currency (0 removes it). Nothing changes until another platform admin approves.',
  tags,
  body: CreditRequestBody,
  response: Approval,
});

export const listApprovals = defineRoute({
  method: 'GET',
  path: '/platform/v2/approvals',
  operationId: 'listPlatformApprovals',
  summary: 'List the funding and credit requests',
  description:
    'For a platform admin with platform:finance: one page of the four-eyes requests, newest first, filtered ' +
    'by status, kind and agency, each with the actions the caller may take.',
  tags,
  query: ApprovalListQuery,
  response: ApprovalList,
});

export const approveRequest = defineRoute({
  method: 'POST',
  path: '/platform/v2/approvals/:id/approval',
  operationId: 'approvePlatformRequest',
  summary: 'Approve a funding or credit request',
  description:
    'By another platform admin with platform:finance than the requester (409 otherwise): posts the top-up or ' +
    'the credit limit to the ledger in the same transaction as the approval and its audit record.',
  tags,
  params: ApprovalIdParams,
  body: NoBody,
  response: Approval,
});

export const rejectRequest = defineRoute({
  method: 'POST',
  path: '/platform/v2/approvals/:id/rejection',
  operationId: 'rejectPlatformRequest',
  summary: 'Reject a funding or credit request',
  description:
    'By another platform admin with platform:finance than the requester, with a reason; nothing posts.',
  tags,
  params: ApprovalIdParams,
  body: RejectionBody,
  response: Approval,
});

export const cancelRequest = defineRoute({
  method: 'DELETE',
  path: '/platform/v2/approvals/:id',
  operationId: 'cancelPlatformRequest',
  summary: 'Cancel one’s own pending request',
  description: 'The platform admin who made a pending request withdraws it; nothing posts.',
  tags,
  params: ApprovalIdParams,
  response: Approval,
});

export const listAgencyOptions = defineRoute({
  method: 'GET',
  path: '/platform/v2/agency-options',
  operationId: 'listPlatformAgencyOptions',
  summary: 'List the top-level agencies for the funding forms',
  description:
    'For a platform admin with platform:finance: the top-level agencies not deleted, by name, with their ' +
    'settlement currency and whether they are active.',
  tags,
  response: z.array(AgencyOption),
});
