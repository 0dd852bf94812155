import { useMutation } from '@tanstack/react-query';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import { analyzePnr as analyzePnrRoute } from '@portal/domain/api/shopping';
import { callApi } from '../../../shared/api/call-api';

/** POST /shopping/v2/flight/analysis-pnr: the journeys and passengers of pasted PNR text (422 when none). */
export function analyzePnr(pnr: string): Promise<PnrAnalysisResult> {
  return callApi(analyzePnrRoute, { body: { pnr } });
}

export function useAnalyzePnr() {
  return useMutation({ mutationFn: analyzePnr });
}
