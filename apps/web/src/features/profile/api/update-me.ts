import type { MeResult, UpdateMeBody } from '@portal/domain/auth';
import { apiPut } from '../../../shared/api/client';

/** PUT /base/v2/me: nickname, mobile, avatar. */
export function updateMe(body: UpdateMeBody): Promise<MeResult> {
  return apiPut<MeResult>('/base/v2/me', body);
}
