import type { PlatformLoginBody, PlatformLoginResult, PlatformMe } from '@portal/domain/platform-schemas';
import type { getPlatformMe, platformLogin, platformLogout } from '@portal/domain/api/platform-auth';
import { callPlatformApi } from './call-platform-api';

/** POST /platform/v2/login; the caller shows a refusal (no toast). */
export function signInToPlatform(body: PlatformLoginBody): Promise<PlatformLoginResult> {
  return callPlatformApi<typeof platformLogin>(
    { method: 'POST', path: '/platform/v2/login' },
    { body },
    { skipErrorToast: true },
  );
}

/** DELETE /platform/v2/me: ends the platform session on the server. */
export function signOutOfPlatform(): Promise<unknown> {
  return callPlatformApi<typeof platformLogout>(
    { method: 'DELETE', path: '/platform/v2/me' },
    {},
    { skipErrorToast: true },
  );
}

/** GET /platform/v2/me: the signed-in admin as the server knows them now (a session code signs out). */
export function readPlatformMe(): Promise<PlatformMe> {
  return callPlatformApi<typeof getPlatformMe>(
    { method: 'GET', path: '/platform/v2/me' },
    {},
    { skipErrorToast: true },
  );
}
