import type { MeResult, UpdateMeBody } from '@portal/domain/auth';
import type { updateMe as updateMeRoute } from '@portal/domain/api/profile';
import { callApi } from '../../../shared/api/call-api';

/** PUT /base/v2/me: nickname, mobile, avatar. */
export function updateMe(body: UpdateMeBody): Promise<MeResult> {
  return callApi<typeof updateMeRoute>({ method: 'PUT', path: '/base/v2/me' }, { body });
}
