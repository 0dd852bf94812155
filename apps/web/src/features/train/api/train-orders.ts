import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as trainOrdersApi from '@portal/domain/api/train-orders';
import type {
  CreateTrainOrderBody,
  TrainOrder,
  TrainOrderList,
  TrainOrderListQuery,
  TrainPaymentResult,
} from '@portal/domain/train-order';
import { TRAIN_MOVING_STATUSES } from '@portal/domain/train-order-status';
import { callApi } from '../../../shared/api/call-api';

export const TRAIN_ORDERS_KEY = ['train-orders'] as const;
export const TRAIN_ORDERS_PAGE_SIZE = 20;

/** The list's filters as the page holds them (page and size are added on the call). */
export type TrainOrderFilters = Omit<Partial<TrainOrderListQuery>, 'page' | 'pageSize'>;

/** GET /order/v2/train/orders: one page of the agency's train orders. */
export function listTrainOrders(filters: TrainOrderFilters, page: number): Promise<TrainOrderList> {
  return callApi<typeof trainOrdersApi.listTrainOrders>(
    { method: 'GET', path: '/order/v2/train/orders' },
    { query: { ...filters, page, pageSize: TRAIN_ORDERS_PAGE_SIZE } },
    { skipErrorToast: true },
  );
}

/** One page of train orders; the previous page stays on screen while the next loads. */
export function useTrainOrders(filters: TrainOrderFilters, page: number) {
  return useQuery({
    queryKey: [...TRAIN_ORDERS_KEY, 'list', filters, page],
    queryFn: () => listTrainOrders(filters, page),
    placeholderData: keepPreviousData,
  });
}

/** GET /order/v2/train/orders/{id}: the order with its passengers, seats, timeline and actions. */
const MOVING_POLL_MS = 3000;

export function useTrainOrder(id: string | null) {
  return useQuery({
    queryKey: [...TRAIN_ORDERS_KEY, 'detail', id],
    queryFn: () =>
      callApi<typeof trainOrdersApi.getTrainOrder>(
        { method: 'GET', path: '/order/v2/train/orders/:id' },
        { params: { id: id ?? '' } },
        { skipErrorToast: true },
      ),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && TRAIN_MOVING_STATUSES.includes(query.state.data.status) ? MOVING_POLL_MS : false,
  });
}

/** POST /order/v2/train/orders with the submit attempt's Idempotency-Key; errors are the caller's. */
export function createTrainOrder(body: CreateTrainOrderBody, idempotencyKey: string): Promise<TrainOrder> {
  return callApi<typeof trainOrdersApi.createTrainOrder>(
    { method: 'POST', path: '/order/v2/train/orders' },
    { body },
    { headers: { 'Idempotency-Key': idempotencyKey }, skipErrorToast: true },
  );
}

/** POST /order/v2/train/orders/{id}/payment with the balance; errors are the caller's. */
export function payTrainOrder(id: string, idempotencyKey: string): Promise<TrainPaymentResult> {
  return callApi<typeof trainOrdersApi.payTrainOrder>(
    { method: 'POST', path: '/order/v2/train/orders/:id/payment' },
    { params: { id }, body: { channel: 'balance' } },
    { headers: { 'Idempotency-Key': idempotencyKey }, skipErrorToast: true },
  );
}

type OrderAction = 'pay' | 'cancel' | 'refund' | 'ticket';

function runAction(action: OrderAction, id: string, idempotencyKey: string): Promise<TrainOrder> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  switch (action) {
    case 'pay':
      return payTrainOrder(id, idempotencyKey).then((result) => {
        if (result.status !== 'paid') throw new Error('payment pending');
        return result.order;
      });
    case 'cancel':
      return callApi<typeof trainOrdersApi.cancelTrainOrder>(
        { method: 'DELETE', path: '/order/v2/train/orders/:id' },
        { params: { id } },
        { headers, skipErrorToast: true },
      );
    case 'refund':
      return callApi<typeof trainOrdersApi.refundTrainOrder>(
        { method: 'POST', path: '/order/v2/train/orders/:id/refund' },
        { params: { id }, body: {} },
        { headers, skipErrorToast: true },
      );
    case 'ticket':
      return callApi<typeof trainOrdersApi.ticketTrainOrder>(
        { method: 'POST', path: '/order/v2/train/orders/:id/ticketing' },
        { params: { id }, body: {} },
        { headers, skipErrorToast: true },
      );
  }
}

/** An action on an order (pay, cancel, refund, ticketing by an operator); the list and the detail refresh afterwards. */
export function useTrainOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: OrderAction; id: string }) =>
      runAction(action, id, crypto.randomUUID()),
    onSuccess: (order) => queryClient.setQueryData([...TRAIN_ORDERS_KEY, 'detail', order.id], order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TRAIN_ORDERS_KEY }),
  });
}
