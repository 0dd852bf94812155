import { useMutation } from '@tanstack/react-query';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import { apiPost } from '../../../shared/api/client';

/** POST /shopping/v2/flight/analysis-pnr: the journeys and passengers of pasted PNR text (422 when none). */
export function analyzePnr(pnr: string): Promise<PnrAnalysisResult> {
  return apiPost<PnrAnalysisResult>('/shopping/v2/flight/analysis-pnr', { pnr });
}

export function useAnalyzePnr() {
  return useMutation({ mutationFn: analyzePnr });
}
