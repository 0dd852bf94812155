import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { getPlatformMe } from '@portal/domain/api/platform-auth';
import { SESSIONS } from '../../test/fixtures';
import { PLATFORM_FINANCE, preparePlatform } from '../../test/platform-fixtures';
import { prepare } from '../../test/render-app';
import { envelope, server } from '../../test/server';
import { useSessionStore } from '../stores/session-store';
import { callPlatformApi } from './call-platform-api';
import { usePlatformSessionStore } from './platform-session-store';

const me = () => callPlatformApi<typeof getPlatformMe>({ method: 'GET', path: '/platform/v2/me' }, {});

describe('platform calls', () => {
  beforeEach(async () => {
    await prepare(SESSIONS.admin);
    preparePlatform();
  });

  it('carry the platform token, never the agency one', async () => {
    let authorization: string | null = null;
    server.use(
      http.get('/platform/v2/me', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(
          envelope({ admin: PLATFORM_FINANCE.admin, expiresAt: PLATFORM_FINANCE.expiresAt }),
        );
      }),
    );
    await expect(me()).resolves.toMatchObject({ admin: { username: 'platform.finance' } });
    expect(authorization).toBe('Bearer plt.token-finance');
  });

  it('end only the platform session when the server ends it', async () => {
    server.use(
      http.get('/platform/v2/me', () =>
        HttpResponse.json(envelope(null, 200005, 'Your login has timed out'), { status: 401 }),
      ),
    );
    await expect(me()).rejects.toMatchObject({ code: 200005 });
    expect(usePlatformSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().token).toBe(SESSIONS.admin.token);
  });

  it('leave the platform session alone when an agency session ends', () => {
    useSessionStore.getState().clearSession();
    expect(usePlatformSessionStore.getState().token).toBe('plt.token-finance');
  });
});
