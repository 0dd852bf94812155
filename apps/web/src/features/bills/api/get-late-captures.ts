import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LateCaptureList, LateCaptureQuery } from '@portal/domain/late-capture';
import type { listLateCaptures } from '@portal/domain/api/payments';
import { callApi } from '../../../shared/api/call-api';

/** GET /order/v2/payments/late-captures: card payments refunded because their order could not take them. */
export function getLateCaptures(params: LateCaptureQuery): Promise<LateCaptureList> {
  return callApi<typeof listLateCaptures>(
    { method: 'GET', path: '/order/v2/payments/late-captures' },
    { query: params },
    { skipErrorToast: true },
  );
}

/** One page of the agency's late card payments, newest first; the section shows errors itself. */
export function useLateCaptures(params: LateCaptureQuery) {
  return useQuery({
    queryKey: ['late-captures', params],
    queryFn: () => getLateCaptures(params),
    placeholderData: keepPreviousData,
  });
}
