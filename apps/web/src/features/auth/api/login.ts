import type { LoginBody, LoginResult } from '@portal/domain/auth';
import type { login as Login } from '@portal/domain/api/session';
import { callApi } from '../../../shared/api/call-api';

/** POST /base/v2/login. */
export function login(body: LoginBody): Promise<LoginResult> {
  return callApi<typeof Login>({ method: 'POST', path: '/base/v2/login' }, { body });
}
