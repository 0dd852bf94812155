import type { setConfig } from '@portal/domain/api/profile';
import { callApi } from '../api/call-api';

/** PUT /base/v2/me/config/cities: the user's favourite cities (never an empty list, spec §5). */
export function updateFavouriteCities(cities: string[]): Promise<unknown> {
  return callApi<typeof setConfig>(
    { method: 'PUT', path: '/base/v2/me/config/:key' },
    { params: { key: 'cities' }, body: { value: cities } },
  );
}
