import { useMutation } from '@tanstack/react-query';
import type { PnrAnalysisResult } from '@portal/domain/shopping';
import type { analyzePnr as analyzePnrRoute } from '@portal/domain/api/shopping';
import { callApi } from '../../../shared/api/call-api';

/** POST /shopping/v2/flight/analysis-pnr: the journeys and passengers of pasted PNR text (422 when none). */
export function analyzePnr(pnr: string): Promise<PnrAnalysisResult> {
  return callApi<typeof analyzePnrRoute>(
    { method: 'POST', path: '/shopping/v2/flight/analysis-pnr' },
    { body: { pnr } },
  );
}

export function useAnalyzePnr() {
  return useMutation({ mutationFn: analyzePnr });
}
