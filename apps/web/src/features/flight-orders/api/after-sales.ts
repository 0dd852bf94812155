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
import type { SolutionsDelta, SolutionsResult } from '@portal/domain/shopping';
import { mergeSolutionsDelta } from '@portal/domain/solutions-delta';
import { apiDelete, apiGet, apiPost } from '../../../shared/api/client';
import { download } from '../../../shared/api/download';

const ORDERS = '/order/v2/flight/orders';

function orderPath(id: string, rest = ''): string {
  return `${ORDERS}/${encodeURIComponent(id)}${rest}`;
}

/**
 * An after-sales write: POSTs to `.../{id}{path}` with an `Idempotency-Key`, the same one while the
 * body is the same (a retry after a lost answer creates nothing twice) and a new one once it
 * changes (the API would refuse another body under the old key). Every answer is an order that
 * changes lists, counts and the detail.
 */
function useOrderWrite<B>(id: string, path: string) {
  const client = useQueryClient();
  const last = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: B) => {
      const text = JSON.stringify(body ?? null);
      if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
      return apiPost<FlightOrder>(orderPath(id, path), body, {
        headers: { 'Idempotency-Key': last.current.key },
        skipErrorToast: true,
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['flight-orders'] }),
  });
}

/** POST .../{id}/refund: a new refund order in rfd_reviewing. */
export function useRequestRefund(id: string) {
  return useOrderWrite<RefundRequest>(id, '/refund');
}

/** POST .../{id}/void: a new void order in void_proceeding. */
export function useRequestVoid(id: string) {
  return useOrderWrite<VoidRequest>(id, '/void');
}

/** POST .../{id}/change: a new change order in chg_reviewing (409 QUOTE_CHANGED with the new quote). */
export function useRequestChange(id: string) {
  return useOrderWrite<ChangeRequest>(id, '/change');
}

/** POST .../{refundOrderId}/confirmation: accepts the quoted refund before its deadline. */
export function useConfirmRefund(id: string) {
  return useOrderWrite<undefined>(id, '/confirmation');
}

/** What a change search answers: the search to poll like a flight search. */
export interface ChangeSearchStarted {
  searchId: string;
  expiresAt?: string;
}

/** POST .../{id}/change/search: starts a search; the API aborts the caller's earlier one. */
export function startChangeSearch(id: string, body: ChangeSearchRequest): Promise<ChangeSearchStarted> {
  return apiPost<ChangeSearchStarted>(orderPath(id, '/change/search'), body, { skipErrorToast: true });
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
      const answer = await apiPost<PollAnswer>(
        '/shopping/v2/flight/async-shopping/solutions',
        { searchId, cursor: held?.cursor, waitMs: CHANGE_POLL_WAIT_MS },
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
  return apiPost<SupportingDocument[]>(orderPath(id, '/documents'), form, { skipErrorToast: true });
}

/** DELETE .../{id}/documents/{documentId}: drops an upload no request names yet. */
export function deleteDocument(orderId: string, documentId: string): Promise<SupportingDocument> {
  return apiDelete<SupportingDocument>(orderPath(orderId, `/documents/${encodeURIComponent(documentId)}`), {
    skipErrorToast: true,
  });
}

/**
 * GET .../{id}/documents: the supporting documents kept with the order (an original's include
 * those of its requests; a request's those attached to it).
 */
export function useOrderDocuments(id: string) {
  return useQuery({
    queryKey: ['flight-orders', 'documents', id],
    queryFn: () => apiGet<SupportingDocument[]>(orderPath(id, '/documents'), { skipErrorToast: true }),
    retry: false,
  });
}

/** GET .../{id}/documents/{documentId}: saves the file under its own name. */
export function downloadDocument(orderId: string, document: SupportingDocument): Promise<string> {
  return download(orderPath(orderId, `/documents/${encodeURIComponent(document.id)}`), undefined, {
    fallbackName: document.fileName,
    method: 'get',
  });
}
