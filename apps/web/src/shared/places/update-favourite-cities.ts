import { apiPut } from '../api/client';

/** PUT /base/v2/me/config/cities: the user's favourite cities (never an empty list, spec §5). */
export function updateFavouriteCities(cities: string[]): Promise<unknown> {
  return apiPut<unknown>('/base/v2/me/config/cities', { value: cities });
}
