import type { ChangePasswordBody } from '@portal/domain/auth';
import type { changePassword as changePasswordRoute } from '@portal/domain/api/profile';
import { callApi } from '../../../shared/api/call-api';

/** PUT /base/v2/me/password. */
export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return callApi<typeof changePasswordRoute>({ method: 'PUT', path: '/base/v2/me/password' }, { body });
}
