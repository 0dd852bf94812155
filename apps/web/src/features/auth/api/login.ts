import type { LoginBody, LoginResult } from '@portal/domain/auth';
import { apiPost } from '../../../shared/api/client';

/** POST /base/v2/login. */
export function login(body: LoginBody): Promise<LoginResult> {
  return apiPost<LoginResult>('/base/v2/login', body);
}
