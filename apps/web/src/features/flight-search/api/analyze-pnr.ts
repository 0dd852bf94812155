import { useMutation } from '@tanstack/react-query';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import { analyzePnr as analyzePnrRoute } from '@portal/domain/api/shopping';
import { callApiUnchecked } from '../../../shared/api/call-api';

/** POST /shopping/v2/flight/analysis-pnr: the journeys and passengers of pasted PNR text (422 when none). */
export function analyzePnr(pnr: string): Promise<PnrAnalysisResult> {
  return callApiUnchecked(analyzePnrRoute, { body: { pnr } });
}

export function useAnalyzePnr() {
  return useMutation({ mutationFn: analyzePnr });
}
