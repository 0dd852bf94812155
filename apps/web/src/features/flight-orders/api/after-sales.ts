import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type {
  ChangeRequest,
  ChangeSearchRequest,
  RefundRequest,
  SupportingDocument,
  VoidRequest,
} from '@portal/domain/after-sales';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { ShoppingStarted, SolutionsDelta, SolutionsResult } from '@portal/domain/shopping';
import { mergeSolutionsDelta } from '@portal/domain/solutions-delta';
import type * as afterSalesApi from '@portal/domain/api/after-sales';
import type { getSolutions } from '@portal/domain/api/shopping';
import { callApi } from '../../../shared/api/call-api';
import { downloadFile } from '../../../shared/api/download';

/**
 * An after-sales write: sends the body with an `Idempotency-Key`, the same one while the
 * body is the same (a retry after a lost answer creates nothing twice) and a new one once it
 * changes (the API would refuse another body under the old key). Every answer is an order that
 * changes lists, counts and the detail.
 */
function useOrderWrite<B>(write: (body: B, options: WriteOptions) => Promise<FlightOrder>) {
  const client = useQueryClient();
  const last = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: B) => {
      const text = JSON.stringify(body ?? null);
      if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
      return write(body, { headers: { 'Idempotency-Key': last.current.key }, skipErrorToast: true });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['flight-orders'] }),
  });
}

/** What every after-sales write sends besides its body. */
interface WriteOptions {
  headers: Record<string, string>;
  skipErrorToast: boolean;
}

/** POST .../{id}/refund: a new refund order in rfd_reviewing. */
export function useRequestRefund(id: string) {
  return useOrderWrite<RefundRequest>((body, options) =>
    callApi<typeof afterSalesApi.requestRefund>(
      { method: 'POST', path: '/order/v2/flight/orders/:id/refund' },
      { params: { id }, body },
      options,
    ),
  );
}

/** POST .../{id}/void: a new void order in void_proceeding. */
export function useRequestVoid(id: string) {
  return useOrderWrite<VoidRequest>((body, options) =>
    callApi<typeof afterSalesApi.requestVoid>(
      { method: 'POST', path: '/order/v2/flight/orders/:id/void' },
      { params: { id }, body },
      options,
    ),
  );
}

/** POST .../{id}/change: a new change order in chg_reviewing (409 QUOTE_CHANGED with the new quote). */
export function useRequestChange(id: string) {
  return useOrderWrite<ChangeRequest>((body, options) =>
    callApi<typeof afterSalesApi.requestChange>(
      { method: 'POST', path: '/order/v2/flight/orders/:id/change' },
      { params: { id }, body },
      options,
    ),
  );
}

/** POST .../{refundOrderId}/confirmation: accepts the quoted refund before its deadline. */
export function useConfirmRefund(id: string) {
  return useOrderWrite<undefined>((body, options) =>
    callApi<typeof afterSalesApi.confirmAfterSales>(
      { method: 'POST', path: '/order/v2/flight/orders/:id/confirmation' },
      { params: { id }, body },
      options,
    ),
  );
}

/** What a change search answers: the search to poll like a flight search. */
export type ChangeSearchStarted = ShoppingStarted;

/** POST .../{id}/change/search: starts a search; the API aborts the caller's earlier one. */
export function startChangeSearch(id: string, body: ChangeSearchRequest): Promise<ChangeSearchStarted> {
  return callApi<typeof afterSalesApi.startChangeSearch>(
    { method: 'POST', path: '/order/v2/flight/orders/:id/change/search' },
    { params: { id }, body },
    { skipErrorToast: true },
  );
}

/** How long the server may hold a poll until a supplier answers. */
export const CHANGE_POLL_WAIT_MS = 8000;
/** The pause after a poll that brought nothing new. */
export const CHANGE_POLL_INTERVAL_MS = 250;

type PollAnswer = SolutionsResult &
  Partial<Pick<SolutionsDelta, 'reset' | 'removed' | 'families' | 'cursor'>>;
export interface HeldChangeSolutions extends SolutionsResult {
  cursor?: string;
  quiet?: boolean;
}

/** Merges a poll into what is held (the whole list unless the answer is a delta on our cursor). */
export function mergeChangePoll(
  held: HeldChangeSolutions | undefined,
  answer: PollAnswer,
): HeldChangeSolutions {
  const { cursor, reset, removed = [], families = [], ...rest } = answer;
  const whole = reset !== false || cursor === undefined || !held;
  const merged = mergeSolutionsDelta(whole ? null : held, {
    ...rest,
    reset: whole,
    removed,
    families,
    cursor: cursor ?? '',
  });
  const nothingNew = !whole && rest.solutions.length === 0 && removed.length === 0 && held.cursor === cursor;
  return { ...merged, cursor, quiet: cursor === undefined || nothingNew };
}

/**
 * Polls the alternatives of a change search until it has finished. The poll is aborted when the
 * dialog closes or a new search replaces this one (the query loses its observer and its signal fires).
 */
export function useChangeSolutions(searchId: string | null) {
  const client = useQueryClient();
  const queryKey = ['change-solutions', searchId];
  return useQuery<HeldChangeSolutions>({
    queryKey,
    queryFn: async ({ signal }) => {
      const held = client.getQueryData<HeldChangeSolutions>(queryKey);
      const answer = await callApi<typeof getSolutions>(
        { method: 'POST', path: '/shopping/v2/flight/async-shopping/solutions' },
        { body: { searchId: searchId ?? '', cursor: held?.cursor, waitMs: CHANGE_POLL_WAIT_MS } },
        { signal, skipErrorToast: true },
      );
      return mergeChangePoll(held, answer);
    },
    enabled: searchId !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchInterval: (query) => {
      const { data, error, fetchStatus } = query.state;
      if (data?.finished || error || fetchStatus === 'fetching') return false;
      return data?.quiet ? CHANGE_POLL_INTERVAL_MS : 1;
    },
  });
}

/** POST .../{id}/documents (multipart): stores files with the order, not yet attached to a request. */
export function uploadDocuments(id: string, files: readonly File[]): Promise<SupportingDocument[]> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return callApi<typeof afterSalesApi.uploadDocuments>(
    { method: 'POST', path: '/order/v2/flight/orders/:id/documents' },
    { params: { id }, body: form },
    { skipErrorToast: true },
  );
}

/** DELETE .../{id}/documents/{documentId}: drops an upload no request names yet. */
export function deleteDocument(orderId: string, documentId: string): Promise<SupportingDocument> {
  return callApi<typeof afterSalesApi.deleteDocument>(
    { method: 'DELETE', path: '/order/v2/flight/orders/:id/documents/:documentId' },
    { params: { id: orderId, documentId } },
    { skipErrorToast: true },
  );
}

/**
 * GET .../{id}/documents: the supporting documents kept with the order (an original's include
 * those of its requests; a request's those attached to it).
 */
export function useOrderDocuments(id: string) {
  return useQuery({
    queryKey: ['flight-orders', 'documents', id],
    queryFn: () =>
      callApi<typeof afterSalesApi.listDocuments>(
        { method: 'GET', path: '/order/v2/flight/orders/:id/documents' },
        { params: { id } },
        { skipErrorToast: true },
      ),
    retry: false,
  });
}

/** GET .../{id}/documents/{documentId}: saves the file under its own name. */
export function downloadDocument(orderId: string, document: SupportingDocument): Promise<string> {
  return downloadFile<typeof afterSalesApi.downloadDocument>(
    { method: 'GET', path: '/order/v2/flight/orders/:id/documents/:documentId' },
    { params: { id: orderId, documentId: document.id } },
    { fallbackName: document.fileName },
  );
}
