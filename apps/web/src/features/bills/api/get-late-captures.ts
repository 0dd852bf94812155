import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LateCaptureList, LateCaptureQuery } from '@portal/domain/late-capture';
import { apiGet } from '../../../shared/api/client';

/** GET /order/v2/payments/late-captures: card payments refunded because their order could not take them. */
export function getLateCaptures(params: LateCaptureQuery): Promise<LateCaptureList> {
  return apiGet<LateCaptureList>('/order/v2/payments/late-captures', { params, skipErrorToast: true });
}

/** One page of the agency's late card payments, newest first; the section shows errors itself. */
export function useLateCaptures(params: LateCaptureQuery) {
  return useQuery({
    queryKey: ['late-captures', params],
    queryFn: () => getLateCaptures(params),
    placeholderData: keepPreviousData,
  });
}
