import type { LoginResult, SingleLoginBody } from '@portal/domain/auth';
import { apiPost } from '../../../shared/api/client';

/** POST /base/v2/single-login: the partner's signed SSO link (spec §7). */
export function singleLogin(body: SingleLoginBody): Promise<LoginResult> {
  return apiPost<LoginResult>('/base/v2/single-login', body);
}
