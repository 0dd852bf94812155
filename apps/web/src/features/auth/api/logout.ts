import { apiDelete } from '../../../shared/api/client';

/** DELETE /base/v2/me: ends the session on the server. Failures are the caller's to ignore. */
export function logoutRequest(): Promise<unknown> {
  return apiDelete<unknown>('/base/v2/me', { skipErrorToast: true });
}
