import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { server } from './server';

/**
 * Answers GET `path` (an msw pattern) with a small PDF and records each request's URL; the
 * browser's save is stubbed (no object URL, no click). Restore the spies with `vi.restoreAllMocks`.
 */
export function servePdfDownloads(path: string): URL[] {
  const urls: URL[] = [];
  server.use(
    http.get(path, ({ request }) => {
      urls.push(new URL(request.url));
      return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        headers: { 'content-type': 'application/pdf' },
      });
    }),
  );
  Object.assign(URL, { createObjectURL: () => 'blob:test/1', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return urls;
}
