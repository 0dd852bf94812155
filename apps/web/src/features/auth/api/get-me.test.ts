import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSIONS } from '../../../test/fixtures';
import { prepare } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { getMe } from './get-me';

describe('getMe', () => {
  beforeEach(async () => {
    await prepare(SESSIONS.operator);
  });

  it('aborts an earlier GET /base/v2/me when a new one starts', async () => {
    let calls = 0;
    server.use(
      http.get('/base/v2/me', async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, calls === 1 ? 200 : 10));
        const { userInfo, company, websitePrefix, permissions } = SESSIONS.operator;
        return HttpResponse.json(envelope({ userInfo, company, websitePrefix, permissions }));
      }),
    );
    const first = getMe();
    const second = getMe();
    await expect(first).rejects.toMatchObject({ silent: true, message: 'canceled' });
    await expect(second).resolves.toMatchObject({ userInfo: { username: 'operator' } });
  });
});
