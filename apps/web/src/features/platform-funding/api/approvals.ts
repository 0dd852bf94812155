import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as fundingApi from '@portal/domain/api/platform-funding';
import type {
  Approval,
  ApprovalListQuery,
  CreditRequestBody,
  FundingRequestBody,
} from '@portal/domain/platform-funding';
import { callPlatformApi } from '../../../shared/platform/call-platform-api';

const APPROVALS_KEY = ['platform-approvals'];

/** GET /platform/v2/approvals: one page of the requests, newest first. */
export function useApprovals(query: Partial<ApprovalListQuery> & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...APPROVALS_KEY, query],
    queryFn: () =>
      callPlatformApi<typeof fundingApi.listApprovals>(
        { method: 'GET', path: '/platform/v2/approvals' },
        { query },
        { skipErrorToast: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /platform/v2/agency-options: the top-level agencies the forms offer. */
export function useAgencyOptions() {
  return useQuery({
    queryKey: ['platform-agency-options'],
    queryFn: () =>
      callPlatformApi<typeof fundingApi.listAgencyOptions>(
        { method: 'GET', path: '/platform/v2/agency-options' },
        {},
        { skipErrorToast: true },
      ),
  });
}

/** A write on the requests; the lists refresh afterwards (errors are toasted by the client). */
function useApprovalWrite<V>(send: (value: V) => Promise<Approval>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: APPROVALS_KEY }),
  });
}

/** POST /platform/v2/funding-requests. */
export function useRequestFunding() {
  return useApprovalWrite((body: FundingRequestBody) =>
    callPlatformApi<typeof fundingApi.createFundingRequest>(
      { method: 'POST', path: '/platform/v2/funding-requests' },
      { body },
    ),
  );
}

/** POST /platform/v2/credit-requests. */
export function useRequestCredit() {
  return useApprovalWrite((body: CreditRequestBody) =>
    callPlatformApi<typeof fundingApi.createCreditRequest>(
      { method: 'POST', path: '/platform/v2/credit-requests' },
      { body },
    ),
  );
}

/** Approve, reject (with a reason) or cancel a request. */
export function useDecide() {
  return useApprovalWrite(
    ({ id, action, reason }: { id: string; action: 'approve' | 'reject' | 'cancel'; reason?: string }) => {
      const params = { id };
      if (action === 'approve') {
        return callPlatformApi<typeof fundingApi.approveRequest>(
          { method: 'POST', path: '/platform/v2/approvals/:id/approval' },
          { params },
        );
      }
      if (action === 'reject') {
        return callPlatformApi<typeof fundingApi.rejectRequest>(
          { method: 'POST', path: '/platform/v2/approvals/:id/rejection' },
          { params, body: { reason: reason ?? '' } },
        );
      }
      return callPlatformApi<typeof fundingApi.cancelRequest>(
        { method: 'DELETE', path: '/platform/v2/approvals/:id' },
        { params },
      );
    },
  );
}
