import type { PlatformLoginResult } from '@portal/domain/platform-schemas';
import { usePlatformSessionStore } from '../shared/platform/platform-session-store';

/** A platform sign-in's answer: a finance admin. */
export const PLATFORM_FINANCE: PlatformLoginResult = {
  token: 'plt.token-finance',
  admin: { id: 1, username: 'platform.finance', permissions: ['platform:finance'] },
  expiresAt: '2030-01-01T00:00:00.000Z',
};

/** Signs a platform admin in, as the sign-in page would (after `prepare`). */
export function preparePlatform(result: PlatformLoginResult = PLATFORM_FINANCE): void {
  usePlatformSessionStore.getState().setSession(result);
}
