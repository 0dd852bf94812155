import type { MeResult } from '@portal/domain/auth';
import { apiGet } from '../../../shared/api/client';

let inFlight: AbortController | null = null;

/** GET /base/v2/me. A new call aborts an earlier one still in flight (spec §7). */
export async function getMe(): Promise<MeResult> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  try {
    return await apiGet<MeResult>('/base/v2/me', { signal: controller.signal });
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}
