import { describe, expect, it } from 'vitest';
import { bearer, body, login, useTestApp } from '../test/app';
import { findDirtyText, jsonDepthExceeds, MAX_JSON_DEPTH } from './input-guard';

const t = useTestApp();

describe('jsonDepthExceeds', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[["}', 1)).toBe(false);
  });
});

describe('findDirtyText', () => {
  it('names the path of a NUL or a lone surrogate, in values and keys', () => {
    expect(findDirtyText({ a: ['ok', 'x\u0000'] })).toBe('a.1');
    expect(findDirtyText({ contact: { name: 'Li \ud800' } })).toBe('contact.name');
    expect(findDirtyText({ ['k\u0000']: 1 })).toBe('(key)');
    expect(findDirtyText({ ok: '😀 汉字' })).toBeUndefined();
  });
});

describe('the input guard on every route', () => {
  it('refuses a NUL in a body with 400 and the field path, and changes nothing', async () => {
    const token = await login(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/base/v2/me',
      headers: { ...bearer(token), 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"nickname":"a\\u0000b"}',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 100001, data: { errors: [{ path: 'nickname' }] } });
    const me = await t.app.inject({ url: '/base/v2/me', headers: bearer(token) });
    expect(JSON.stringify(body(me).data)).not.toContain('\u0000');
  });

  it('refuses a NUL in a path parameter and a lone surrogate in the query', async () => {
    const token = await login(t.app);
    const nul = await t.app.inject({ url: '/order/v2/flight/orders/%00', headers: bearer(token) });
    expect(nul.statusCode).toBe(400);
    expect(body(nul).code).toBe(100001);
    const lone = await t.app.inject({
      url: '/order/v2/flight/orders?passenger=%ED%A0%80',
      headers: bearer(token),
    });
    expect(lone.statusCode).toBeLessThan(500);
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels without parsing it`, async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/v2/login',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(100001);
  });
});
