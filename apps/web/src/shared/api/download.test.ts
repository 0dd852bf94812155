import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSIONS } from '../../test/fixtures';
import { prepare } from '../../test/render-app';
import { envelope, server } from '../../test/server';
import { useSessionStore } from '../stores/session-store';
import { ApiError } from './api-error';
import { download, fileNameFrom } from './download';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]);

/** Records what `saveBlob` hands the browser: object URLs made and revoked, links clicked. */
function watchSaves() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const revoked: string[] = [];
  // jsdom has no object URLs; the methods are put on URL for the test and removed after it.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return `blob:test/${blobs.length}`;
    },
    revokeObjectURL: (href: string) => revoked.push(href),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
    expect(this.isConnected).toBe(true);
    expect(this.href).toBe(`blob:test/${blobs.length}`);
  });
  return { blobs, names, revoked };
}

/** The bytes of a Blob (the fetch API's own Blob, as `Response.blob()` gives it). */
async function bytesOf(blob: Blob | undefined): Promise<Uint8Array> {
  return new Uint8Array(await (blob ?? new Blob()).arrayBuffer());
}

describe('fileNameFrom', () => {
  it('prefers the RFC 5987 name and decodes UTF-8', () => {
    const header = `attachment; filename="wallet-entries-2026-11-20.xlsx"; filename*=UTF-8''%E9%92%B1%E5%8C%85%E6%B5%81%E6%B0%B4-2026-11-20.xlsx`;
    expect(fileNameFrom(header, 'x.xlsx')).toBe('钱包流水-2026-11-20.xlsx');
  });

  it('takes the quoted or bare filename when there is no extended one', () => {
    expect(fileNameFrom('attachment; filename="a \\"b\\".xlsx"', 'x')).toBe('a "b".xlsx');
    expect(fileNameFrom('attachment; filename=plain.xlsx', 'x')).toBe('plain.xlsx');
  });

  it('falls back on a malformed extended name, a missing header or a path-only name', () => {
    expect(fileNameFrom(`attachment; filename="ok.xlsx"; filename*=UTF-8''%E9%92`, 'x')).toBe('ok.xlsx');
    expect(fileNameFrom(undefined, 'fallback.xlsx')).toBe('fallback.xlsx');
    expect(fileNameFrom('attachment', 'fallback.xlsx')).toBe('fallback.xlsx');
    expect(fileNameFrom('attachment; filename="../"', 'fallback.xlsx')).toBe('fallback.xlsx');
  });

  it('decodes an ISO-8859-1 extended name and drops directories', () => {
    expect(fileNameFrom(`attachment; filename*=iso-8859-1'en'r%E9sum%E9.xlsx`, 'x')).toBe('résumé.xlsx');
    expect(fileNameFrom('attachment; filename="dir/sub\\\\f.xlsx"', 'x')).toBe('f.xlsx');
  });
});

describe('download', () => {
  beforeEach(async () => {
    await prepare(SESSIONS.finance);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('posts the payload with the client headers and saves the file under its Chinese name', async () => {
    const saves = watchSaves();
    let body: unknown;
    let headers: Headers | undefined;
    server.use(
      mswHttp.post('/base/v2/wallet/entries/export', async ({ request }) => {
        body = await request.json();
        headers = request.headers;
        return new HttpResponse(BYTES, {
          headers: {
            'content-type': XLSX,
            'content-disposition': `attachment; filename="wallet-entries-2026-11-20.xlsx"; filename*=UTF-8''%E9%92%B1%E5%8C%85%E6%B5%81%E6%B0%B4-2026-11-20.xlsx`,
          },
        });
      }),
    );
    const name = await download(
      '/base/v2/wallet/entries/export',
      { type: 'top-up', orderId: 'B1' },
      { fallbackName: 'wallet-entries.xlsx' },
    );
    expect(name).toBe('钱包流水-2026-11-20.xlsx');
    expect(body).toEqual({ type: 'top-up', orderId: 'B1' });
    expect(headers?.get('authorization')).toBe('Bearer token-finance');
    expect(headers?.get('accept-language')).toBe('en');
    expect(headers?.get('content-type')).toContain('application/json');
    expect(saves.names).toEqual(['钱包流水-2026-11-20.xlsx']);
    expect(saves.blobs[0]?.type).toBe(XLSX);
    expect(await bytesOf(saves.blobs[0])).toEqual(BYTES);
    expect(document.querySelector('a[download]')).toBeNull();
    await vi.waitFor(() => expect(saves.revoked).toEqual(['blob:test/1']));
  });

  it('uses the fallback name when the response names no file', async () => {
    const saves = watchSaves();
    server.use(
      mswHttp.post('/base/v2/wallet/statements/export', () =>
        HttpResponse.arrayBuffer(BYTES.buffer, { headers: { 'content-type': XLSX } }),
      ),
    );
    await expect(
      download('/base/v2/wallet/statements/export', {}, { fallbackName: 'wallet-statements.xlsx' }),
    ).resolves.toBe('wallet-statements.xlsx');
    expect(saves.names).toEqual(['wallet-statements.xlsx']);
  });

  it('rejects an error envelope answered instead of the file with the client ApiError', async () => {
    const saves = watchSaves();
    server.use(
      mswHttp.post('/base/v2/wallet/entries/export', () =>
        HttpResponse.json(
          envelope({ errors: [{ path: 'dateTo', message: 'range' }] }, 100001, 'Invalid request'),
          { status: 400 },
        ),
      ),
    );
    const error = await download('/base/v2/wallet/entries/export', {}, { fallbackName: 'x.xlsx' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 100001,
      message: 'Invalid request',
      silent: false,
      data: { errors: [{ path: 'dateTo', message: 'range' }] },
    });
    expect(saves.names).toEqual([]);
  });

  it('rejects an error envelope sent with status 200 as well', async () => {
    watchSaves();
    server.use(
      mswHttp.post('/base/v2/wallet/entries/export', () =>
        HttpResponse.json(envelope(null, 500001, 'Ledger unavailable')),
      ),
    );
    await expect(
      download('/base/v2/wallet/entries/export', {}, { fallbackName: 'x.xlsx' }),
    ).rejects.toMatchObject({ code: 500001, message: 'Ledger unavailable' });
  });

  it('ends the session like any other call when the envelope says so', async () => {
    watchSaves();
    server.use(
      mswHttp.post('/base/v2/wallet/entries/export', () =>
        HttpResponse.json(envelope(null, 200005, 'expired'), { status: 401 }),
      ),
    );
    await expect(
      download('/base/v2/wallet/entries/export', {}, { fallbackName: 'x.xlsx' }),
    ).rejects.toMatchObject({ code: 200005, silent: true });
    expect(useSessionStore.getState().token).toBeNull();
  });
});
