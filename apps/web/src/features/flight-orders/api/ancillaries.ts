import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { AncillaryPurchaseBody } from '@portal/domain/ancillaries';
import type * as afterSalesApi from '@portal/domain/api/after-sales';
import { callApi } from '../../../shared/api/call-api';

/** GET .../{id}/ancillaries: the seat maps and bags an issued order can still buy (when open). */
export function useOrderAncillaries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['flight-orders', id, 'ancillaries'],
    queryFn: () =>
      callApi<typeof afterSalesApi.getOrderAncillaries>(
        { method: 'GET', path: '/order/v2/flight/orders/:id/ancillaries' },
        { params: { id } },
        { skipErrorToast: true },
      ),
    enabled,
    retry: false,
  });
}

/** POST .../{id}/ancillaries: a purchase order to pay, one `Idempotency-Key` per body. */
export function usePurchaseAncillaries(id: string) {
  const client = useQueryClient();
  const last = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: AncillaryPurchaseBody) => {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
      return callApi<typeof afterSalesApi.purchaseAncillaries>(
        { method: 'POST', path: '/order/v2/flight/orders/:id/ancillaries' },
        { params: { id }, body },
        { headers: { 'Idempotency-Key': last.current.key }, skipErrorToast: true },
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['flight-orders'] }),
  });
}
