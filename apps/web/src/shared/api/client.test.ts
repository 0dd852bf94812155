import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSIONS } from '../../test/fixtures';
import { prepare } from '../../test/render-app';
import { envelope, server } from '../../test/server';
import { useSessionStore } from '../stores/session-store';
import { useUiStore } from '../stores/ui-store';
import { ApiError } from './api-error';
import { apiGet } from './client';

describe('api client', () => {
  beforeEach(async () => {
    await prepare(SESSIONS.operator);
  });

  it('sends the bearer token and Accept-Language, and resolves code 0 with data', async () => {
    let headers: Headers | undefined;
    server.use(
      mswHttp.get('/base/v2/echo', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json(envelope({ hello: 'world' }));
      }),
    );
    await expect(apiGet('/base/v2/echo')).resolves.toEqual({ hello: 'world' });
    expect(headers?.get('authorization')).toBe('Bearer token-operator');
    expect(headers?.get('accept-language')).toBe('en');
    expect(useUiStore.getState().pending).toBe(0);
  });

  it('rejects a non-zero code with the server message and code', async () => {
    server.use(
      mswHttp.get('/base/v2/echo', () =>
        HttpResponse.json(envelope(null, 201003, 'Invalid username or password'), { status: 401 }),
      ),
    );
    const error = await apiGet('/base/v2/echo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 201003, message: 'Invalid username or password' });
  });

  it('maps HTTP 404 to the not-found text', async () => {
    server.use(mswHttp.get('/base/v2/echo', () => new HttpResponse(null, { status: 404 })));
    await expect(apiGet('/base/v2/echo')).rejects.toMatchObject({ message: 'Resource not found' });
  });

  it('maps a network failure to the network text', async () => {
    server.use(mswHttp.get('/base/v2/echo', () => HttpResponse.error()));
    await expect(apiGet('/base/v2/echo')).rejects.toMatchObject({
      message: 'Network error, please check your connection',
    });
  });

  it('ends the session on code 200005 and sets isLogoutByUser', async () => {
    server.use(
      mswHttp.get('/base/v2/echo', () =>
        HttpResponse.json(envelope(null, 200005, 'expired'), { status: 401 }),
      ),
    );
    await expect(apiGet('/base/v2/echo')).rejects.toMatchObject({ code: 200005, silent: true });
    const session = useSessionStore.getState();
    expect(session.token).toBeNull();
    expect(session.userInfo).toBeNull();
    expect(session.isLogoutByUser).toBe(true);
  });
});
