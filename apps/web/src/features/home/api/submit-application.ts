import type * as applicationsApi from '@portal/domain/api/applications';
import { callApi } from '../../../shared/api/call-api';

export interface ApplicationPayload {
  name: string;
  email?: string;
  phoneAreaCode?: string;
  phone?: string;
  country: string;
  companyName?: string;
  companyAddress?: string;
  website?: string;
  others?: string;
  fax?: string;
}

/** POST /base/v2/applications (public): the form shows its own failure text, so no error toast. */
export function submitApplication(body: ApplicationPayload): Promise<{ received: true }> {
  return callApi<typeof applicationsApi.submitApplication>(
    { method: 'POST', path: '/base/v2/applications' },
    { body },
    { skipErrorToast: true },
  );
}
