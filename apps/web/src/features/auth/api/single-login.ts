import type { LoginResult, SingleLoginBody } from '@portal/domain/auth';
import type { singleLogin as SingleLogin } from '@portal/domain/api/session';
import { callApi } from '../../../shared/api/call-api';

/** POST /base/v2/single-login: the partner's signed SSO link (spec §7). */
export function singleLogin(body: SingleLoginBody): Promise<LoginResult> {
  return callApi<typeof SingleLogin>({ method: 'POST', path: '/base/v2/single-login' }, { body });
}
