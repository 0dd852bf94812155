import { http, HttpResponse } from 'msw';
import { afterEach, vi } from 'vitest';
import { envelope, server } from './server';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers POST `url` with a small .xlsx-typed file (or the error envelope `failWith`), records
 * each JSON body and the file names the browser was asked to save. jsdom has no object URLs, so
 * they are put on URL for the test and removed after it.
 */
export function serveExport(url: string, failWith?: { code: number; message: string }) {
  const bodies: unknown[] = [];
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  server.use(
    http.post(url, async ({ request }) => {
      bodies.push(await request.json());
      if (failWith)
        return HttpResponse.json(envelope(null, failWith.code, failWith.message), { status: 500 });
      return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        headers: {
          'content-type': XLSX,
          'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''export-2026.xlsx`,
        },
      });
    }),
  );
  return { bodies, saved };
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});
