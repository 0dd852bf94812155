import { describe, expect, it } from 'vitest';
import { interpretResponse } from './envelope';
import { ERRORS, errorByCode } from './errors';
import { ERROR_MESSAGES, errorMessage } from './error-messages';
import { LOCALES } from './locale';

describe('interpretResponse (spec §8)', () => {
  it('resolves code 0 with its data', () => {
    expect(interpretResponse({ status: 200, body: { code: 0, data: { a: 1 }, message: '' } })).toEqual({
      kind: 'ok',
      data: { a: 1 },
    });
  });
  it.each([200005, 200006, 201001])('ends the session on code %i whatever the HTTP status', (code) => {
    expect(interpretResponse({ status: 401, body: { code, data: null, message: 'x' } })).toEqual({
      kind: 'sessionEnded',
      code,
      messageKey: 'axios.login.timeout',
    });
    expect(interpretResponse({ status: 200, body: { code, data: null, message: 'x' } }).kind).toBe(
      'sessionEnded',
    );
  });
  it('maps a network failure to axios.network.error', () => {
    expect(interpretResponse({})).toEqual({ kind: 'error', messageKey: 'axios.network.error' });
  });
  it('maps HTTP 404 to axios.notFound.text', () => {
    expect(interpretResponse({ status: 404, body: { code: 100004, data: null, message: 'nope' } })).toEqual({
      kind: 'error',
      code: 100004,
      messageKey: 'axios.notFound.text',
    });
    expect(interpretResponse({ status: 404, body: '' })).toMatchObject({ messageKey: 'axios.notFound.text' });
  });
  it('keeps the data of a 404 envelope beside the fixed text, for a caller that says what was missing', () => {
    const data = { flights: [{ carrier: 'MU', flightNumber: '5101', found: false }] };
    expect(interpretResponse({ status: 404, body: { code: 400006, data, message: 'x' } })).toEqual({
      kind: 'error',
      code: 400006,
      messageKey: 'axios.notFound.text',
      data,
    });
  });
  it('passes the server message on for other error envelopes', () => {
    expect(
      interpretResponse({
        status: 400,
        body: { code: 201003, data: null, message: 'Invalid username or password' },
      }),
    ).toEqual({ kind: 'error', code: 201003, message: 'Invalid username or password', data: null });
    expect(
      interpretResponse({ status: 200, body: { code: 100001, data: null, message: 'Illegal input' } }),
    ).toMatchObject({ kind: 'error', message: 'Illegal input' });
  });
  it('silently ignores a response with no body', () => {
    expect(interpretResponse({ status: 500, body: '' })).toEqual({ kind: 'ignored' });
    expect(interpretResponse({ status: 502, body: undefined })).toEqual({ kind: 'ignored' });
  });
});

describe('error catalogue', () => {
  it('has unique codes and valid HTTP statuses', () => {
    const defs = Object.values(ERRORS);
    expect(new Set(defs.map((d) => d.code)).size).toBe(defs.length);
    for (const def of defs) {
      expect(def.status).toBeGreaterThanOrEqual(400);
      expect(errorByCode(def.code)).toBe(def);
    }
  });
  it('keeps the session codes of the spec', () => {
    expect(ERRORS.SESSION_EXPIRED.code).toBe(200005);
    expect(ERRORS.SESSION_REVOKED.code).toBe(200006);
    expect(ERRORS.USER_DISABLED.code).toBe(201001);
  });
  it('has a non-empty message for every key in every locale', () => {
    for (const def of Object.values(ERRORS)) {
      for (const locale of LOCALES) expect(ERROR_MESSAGES[def.key][locale].length).toBeGreaterThan(0);
    }
    expect(errorMessage('error.illegalInput', 'en')).toBe('Illegal input');
    expect(errorMessage('login.error.invalidCredentials', 'zh-tw')).toBe('使用者名稱或密碼錯誤');
  });
});
