import type { ConfigKey, SetConfigBody } from '@portal/domain/auth';
import type { setConfig } from '@portal/domain/api/profile';
import { callApi } from '../../../shared/api/call-api';

/** PUT /base/v2/me/config/{key} with `{value}` (spec §3 personal config keys). */
export function updateConfig(key: ConfigKey, value: SetConfigBody['value']): Promise<unknown> {
  return callApi<typeof setConfig>(
    { method: 'PUT', path: '/base/v2/me/config/:key' },
    { params: { key }, body: { value } },
  );
}
