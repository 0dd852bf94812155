import { http as mswHttp, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSIONS } from '../../test/fixtures';
import { prepare } from '../../test/render-app';
import { envelope, server } from '../../test/server';
import { useSessionStore } from '../stores/session-store';
import { useUiStore } from '../stores/ui-store';
import { ApiError } from './api-error';
import type { getExchangeRates } from '@portal/domain/api/site';
import { callApi } from './call-api';
import { send } from './client';

const RATES = { base: 'CNY', rates: { USD: '0.1389' }, updatedAt: '2026-11-28T00:00:00.000Z' };

/** A call through a real route contract (the client has no other way to call the API). */
function getRates() {
  return callApi<typeof getExchangeRates>({ method: 'GET', path: '/base/v2/exchangeRates' }, {});
}

describe('api client', () => {
  beforeEach(async () => {
    await prepare(SESSIONS.operator);
  });

  it('sends the bearer token and Accept-Language, and resolves code 0 with data', async () => {
    let headers: Headers | undefined;
    server.use(
      mswHttp.get('/base/v2/exchangeRates', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json(envelope(RATES));
      }),
    );
    await expect(getRates()).resolves.toEqual(RATES);
    expect(headers?.get('authorization')).toBe('Bearer token-operator');
    expect(headers?.get('accept-language')).toBe('en');
    expect(useUiStore.getState().pending).toBe(0);
  });

  it('echoes the XSRF cookie on a change, not on a read', async () => {
    document.cookie = 'XSRF-TOKEN=token-from-cookie; path=/';
    const seen: Record<string, string | null> = {};
    server.use(
      mswHttp.get('/base/v2/exchangeRates', ({ request }) => {
        seen.get = request.headers.get('x-xsrf-token');
        return HttpResponse.json(envelope(RATES));
      }),
      mswHttp.post('/base/v2/exchangeRates', ({ request }) => {
        seen.post = request.headers.get('x-xsrf-token');
        return HttpResponse.json(envelope(null));
      }),
    );
    try {
      await getRates();
      await send('post', '/base/v2/exchangeRates', {});
      expect(seen).toEqual({ get: null, post: 'token-from-cookie' });
    } finally {
      document.cookie = 'XSRF-TOKEN=; path=/; max-age=0';
    }
  });

  it('refuses, in development and the tests, an answer that does not match the route contract', async () => {
    server.use(mswHttp.get('/base/v2/exchangeRates', () => HttpResponse.json(envelope({ hello: 'world' }))));
    const error = await getRates().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "The server's answer could not be read, please try again or contact support",
    });
  });

  it('rejects a non-zero code with the server message and code', async () => {
    server.use(
      mswHttp.get('/base/v2/exchangeRates', () =>
        HttpResponse.json(envelope(null, 201003, 'Invalid username or password'), { status: 401 }),
      ),
    );
    const error = await getRates().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 201003, message: 'Invalid username or password' });
  });

  it('maps HTTP 404 to the not-found text', async () => {
    server.use(mswHttp.get('/base/v2/exchangeRates', () => new HttpResponse(null, { status: 404 })));
    await expect(getRates()).rejects.toMatchObject({ message: 'Resource not found' });
  });

  it('maps a network failure to the network text', async () => {
    server.use(mswHttp.get('/base/v2/exchangeRates', () => HttpResponse.error()));
    await expect(getRates()).rejects.toMatchObject({
      message: 'Network error, please check your connection',
    });
  });

  it('ends the session on code 200005 and sets isLogoutByUser', async () => {
    server.use(
      mswHttp.get('/base/v2/exchangeRates', () =>
        HttpResponse.json(envelope(null, 200005, 'expired'), { status: 401 }),
      ),
    );
    await expect(getRates()).rejects.toMatchObject({ code: 200005, silent: true });
    const session = useSessionStore.getState();
    expect(session.token).toBeNull();
    expect(session.userInfo).toBeNull();
    expect(session.isLogoutByUser).toBe(true);
  });
});
