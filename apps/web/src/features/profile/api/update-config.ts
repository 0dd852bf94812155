import type { ConfigKey } from '@portal/domain/auth';
import { apiPut } from '../../../shared/api/client';

/** PUT /base/v2/me/config/{key} with `{value}` (spec §3 personal config keys). */
export function updateConfig(key: ConfigKey, value: unknown): Promise<unknown> {
  return apiPut<unknown>(`/base/v2/me/config/${key}`, { value });
}
