import type { ChangePasswordBody } from '@portal/domain/auth';
import { apiPut } from '../../../shared/api/client';

/** PUT /base/v2/me/password. */
export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return apiPut<unknown>('/base/v2/me/password', body);
}
