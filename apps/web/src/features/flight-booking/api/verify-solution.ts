import type { VerificationResult } from '@portal/domain/shopping';
import type { verifySolution as verifySolutionRoute } from '@portal/domain/api/shopping';
import { callApi } from '../../../shared/api/call-api';

/**
 * POST /shopping/v2/flight/solutions/{id}/verification: the price check of spec §8. A quote older
 * than 15 minutes is refused with 410 / 400004, which the caller handles (no toast here).
 */
export function verifySolution(solutionId: string): Promise<VerificationResult> {
  return callApi<typeof verifySolutionRoute>(
    { method: 'POST', path: '/shopping/v2/flight/solutions/:id/verification' },
    { params: { id: solutionId } },
    { skipErrorToast: true },
  );
}
