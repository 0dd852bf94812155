import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as groupOrdersApi from '@portal/domain/api/group-orders';
import type {
  CancelGroupOrderBody,
  CreateGroupOrderBody,
  GroupOrder,
  GroupOrderListQuery,
} from '@portal/domain/group-order';
import { type GroupOrderStatus } from '@portal/domain/group-order-status';
import type { PaymentChannel } from '@portal/domain/payment';
import { callApi } from '../../../shared/api/call-api';
import { withoutEmpty } from '../../../shared/api/query';

const KEY = 'group-orders';

/** The list query as the page keeps it; absent filters stay out of the URL. */
export type GroupListParams = Pick<GroupOrderListQuery, 'page' | 'pageSize' | 'sort'> & {
  status?: GroupOrderStatus;
  bookingNumber?: string;
};

/** POST /order/v2/group/orders: sends the request; the draft's key makes a resend create nothing twice. */
export function createGroupOrder(body: CreateGroupOrderBody, idempotencyKey: string): Promise<GroupOrder> {
  return callApi<typeof groupOrdersApi.createGroupOrder>(
    { method: 'POST', path: '/order/v2/group/orders' },
    { body },
    { headers: { 'Idempotency-Key': idempotencyKey }, skipErrorToast: true },
  );
}

export function useGroupOrders(params: GroupListParams) {
  return useQuery({
    queryKey: [KEY, 'list', params],
    queryFn: () =>
      callApi<typeof groupOrdersApi.listGroupOrders>(
        { method: 'GET', path: '/order/v2/group/orders' },
        { query: withoutEmpty(params) },
        { skipErrorToast: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /order/v2/group/orders/status: the count of every status route; a malformed answer shows none. */
export function useGroupStatusCounts() {
  return useQuery({
    queryKey: [KEY, 'status'],
    queryFn: () =>
      callApi<typeof groupOrdersApi.countGroupOrders>(
        { method: 'GET', path: '/order/v2/group/orders/status' },
        {},
        { skipErrorToast: true },
      ),
    refetchOnWindowFocus: true,
  });
}

/** One order, polled every `pollMs` while `poll` says an answer of the desk or a job is pending. */
export function useGroupOrder(id: string, poll: (order: GroupOrder | undefined) => number | false) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [KEY, 'detail', id],
    queryFn: async () => {
      const before = client.getQueryData<GroupOrder>([KEY, 'detail', id])?.status;
      const order = await callApi<typeof groupOrdersApi.getGroupOrder>(
        { method: 'GET', path: '/order/v2/group/orders/:id' },
        { params: { id } },
        { skipErrorToast: true },
      );
      if (before !== undefined && before !== order.status) {
        void client.invalidateQueries({ queryKey: [KEY, 'status'] });
      }
      return order;
    },
    retry: false,
    refetchInterval: (query) => poll(query.state.data),
  });
}

/** A write on one order: the answer (the order as it now is) replaces the cached detail. */
function useOrderWrite<V>(id: string, send: (vars: V, key: string) => Promise<GroupOrder>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => send(vars, crypto.randomUUID()),
    onSuccess: (order) => client.setQueryData([KEY, 'detail', id], order),
    onSettled: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

const writeConfig = (key: string) => ({ headers: { 'Idempotency-Key': key }, skipErrorToast: true });

/** POST …/{id}/quote-selection: picks one quote of the desk. */
export function usePickQuote(id: string) {
  return useOrderWrite<string>(id, (quoteId, key) =>
    callApi<typeof groupOrdersApi.pickGroupQuote>(
      { method: 'POST', path: '/order/v2/group/orders/:id/quote-selection' },
      { params: { id }, body: { quoteId } },
      writeConfig(key),
    ),
  );
}

/** POST …/{id}/cancel with the required reason. */
export function useCancelGroupOrder(id: string) {
  return useOrderWrite<CancelGroupOrderBody>(id, (body, key) =>
    callApi<typeof groupOrdersApi.cancelGroupOrder>(
      { method: 'POST', path: '/order/v2/group/orders/:id/cancel' },
      { params: { id }, body },
      writeConfig(key),
    ),
  );
}

/** Which instalment to pay, and how. */
export interface InstalmentPaymentInput {
  n: number;
  channel: PaymentChannel;
  /** One key per attempt of a channel: a retry of the same attempt pays nothing twice. */
  idempotencyKey: string;
}

/**
 * POST …/{id}/instalments/{n}/payment. The balance pays at once; an outside channel answers
 * `pending` with its checkout (the payer comes back to the order's page) or its QR code.
 */
export function usePayInstalment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ n, channel, idempotencyKey }: InstalmentPaymentInput) =>
      callApi<typeof groupOrdersApi.payGroupInstalment>(
        { method: 'POST', path: '/order/v2/group/orders/:id/instalments/:n/payment' },
        {
          params: { id, n },
          body: channel === 'balance' ? { channel } : { channel, returnUrl: `/flight/group/order/${id}` },
        },
        writeConfig(idempotencyKey),
      ),
    onSuccess: (result) => {
      if (result.status === 'paid') client.setQueryData([KEY, 'detail', id], result.order);
    },
    onSettled: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}
