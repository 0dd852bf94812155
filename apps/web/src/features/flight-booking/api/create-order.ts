import type { CreateFlightOrderBody, FlightOrder } from '@portal/domain/flight-order';
import { createFlightOrder as createFlightOrderRoute } from '@portal/domain/api/flight-orders';
import { callApi } from '../../../shared/api/call-api';

/** POST /order/v2/flight/orders with the submit attempt's Idempotency-Key; errors are the caller's. */
export function createFlightOrder(body: CreateFlightOrderBody, idempotencyKey: string): Promise<FlightOrder> {
  return callApi(
    createFlightOrderRoute,
    { body },
    { headers: { 'Idempotency-Key': idempotencyKey }, skipErrorToast: true },
  );
}
