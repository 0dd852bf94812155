import type { CreateFlightOrderBody, FlightOrder } from '@portal/domain/flight-order';
import { apiPost } from '../../../shared/api/client';

/** POST /order/v2/flight/orders with the submit attempt's Idempotency-Key; errors are the caller's. */
export function createFlightOrder(body: CreateFlightOrderBody, idempotencyKey: string): Promise<FlightOrder> {
  return apiPost<FlightOrder>('/order/v2/flight/orders', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
    skipErrorToast: true,
  });
}
