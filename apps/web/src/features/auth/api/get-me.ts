import type { getMe as GetMe } from '@portal/domain/api/session';
import type { MeResult } from '@portal/domain/auth';
import { callApi } from '../../../shared/api/call-api';

let inFlight: AbortController | null = null;

/** GET /base/v2/me. A new call aborts an earlier one still in flight (spec §7). */
export async function getMe(): Promise<MeResult> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  try {
    return await callApi<typeof GetMe>(
      { method: 'GET', path: '/base/v2/me' },
      {},
      { signal: controller.signal },
    );
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}
