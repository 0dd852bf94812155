import type { VerificationResult } from '@portal/domain/shopping';
import { apiPost } from '../../../shared/api/client';

/**
 * POST /shopping/v2/flight/solutions/{id}/verification: the price check of spec §8. A quote older
 * than 15 minutes is refused with 410 / 400004, which the caller handles (no toast here).
 */
export function verifySolution(solutionId: string): Promise<VerificationResult> {
  return apiPost<VerificationResult>(
    `/shopping/v2/flight/solutions/${encodeURIComponent(solutionId)}/verification`,
    undefined,
    { skipErrorToast: true },
  );
}
