import type { logout as Logout } from '@portal/domain/api/session';
import { callApi } from '../../../shared/api/call-api';

/** DELETE /base/v2/me: ends the session on the server. Failures are the caller's to ignore. */
export function logoutRequest(): Promise<unknown> {
  return callApi<typeof Logout>({ method: 'DELETE', path: '/base/v2/me' }, {}, { skipErrorToast: true });
}
