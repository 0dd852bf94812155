import type { CreateFlightOrderBody, FlightOrder } from '@portal/domain/flight-order';
import type { createFlightOrder as createFlightOrderRoute } from '@portal/domain/api/flight-orders';
import { callApi } from '../../../shared/api/call-api';

/** POST /order/v2/flight/orders with the submit attempt's Idempotency-Key; errors are the caller's. */
export function createFlightOrder(body: CreateFlightOrderBody, idempotencyKey: string): Promise<FlightOrder> {
  return callApi<typeof createFlightOrderRoute>(
    { method: 'POST', path: '/order/v2/flight/orders' },
    { body },
    { headers: { 'Idempotency-Key': idempotencyKey }, skipErrorToast: true },
  );
}
