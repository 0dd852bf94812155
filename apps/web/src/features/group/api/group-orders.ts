import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GroupStatusCount,
  type CancelGroupOrderBody,
  type CreateGroupOrderBody,
  type GroupOrder,
  type GroupOrderList,
  type GroupOrderListQuery,
  type GroupPaymentResult,
} from '@portal/domain/group-order';
import { type GroupOrderStatus } from '@portal/domain/group-order-status';
import type { PaymentChannel } from '@portal/domain/payment';
import { apiGet, apiPost } from '../../../shared/api/client';

const ORDERS = '/order/v2/group/orders';
const KEY = 'group-orders';

/** The list query as the page keeps it; absent filters stay out of the URL. */
export type GroupListParams = Pick<GroupOrderListQuery, 'page' | 'pageSize' | 'sort'> & {
  status?: GroupOrderStatus;
  bookingNumber?: string;
};

function orderPath(id: string, action = ''): string {
  return `${ORDERS}/${encodeURIComponent(id)}${action}`;
}

/** POST /order/v2/group/orders: sends the request; the draft's key makes a resend create nothing twice. */
export function createGroupOrder(body: CreateGroupOrderBody, idempotencyKey: string): Promise<GroupOrder> {
  return apiPost<GroupOrder>(ORDERS, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    skipErrorToast: true,
  });
}

export function useGroupOrders(params: GroupListParams) {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query[key] = value as string | number;
  }
  return useQuery({
    queryKey: [KEY, 'list', params],
    queryFn: () => apiGet<GroupOrderList>(ORDERS, { params: query, skipErrorToast: true }),
    placeholderData: keepPreviousData,
  });
}

const StatusCounts = GroupStatusCount.array();

/** GET /order/v2/group/orders/status: the count of every status route; a malformed answer shows none. */
export function useGroupStatusCounts() {
  return useQuery({
    queryKey: [KEY, 'status'],
    queryFn: async () =>
      StatusCounts.parse(await apiGet<unknown>(`${ORDERS}/status`, { skipErrorToast: true })),
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
      const order = await apiGet<GroupOrder>(orderPath(id), { skipErrorToast: true });
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
    apiPost<GroupOrder>(orderPath(id, '/quote-selection'), { quoteId }, writeConfig(key)),
  );
}

/** POST …/{id}/cancel with the required reason. */
export function useCancelGroupOrder(id: string) {
  return useOrderWrite<CancelGroupOrderBody>(id, (body, key) =>
    apiPost<GroupOrder>(orderPath(id, '/cancel'), body, writeConfig(key)),
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
      apiPost<GroupPaymentResult>(
        orderPath(id, `/instalments/${n}/payment`),
        channel === 'balance' ? { channel } : { channel, returnUrl: `/flight/group/order/${id}` },
        writeConfig(idempotencyKey),
      ),
    onSuccess: (result) => {
      if (result.status === 'paid') client.setQueryData([KEY, 'detail', id], result.order);
    },
    onSettled: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}
