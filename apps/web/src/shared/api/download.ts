import { pathOf, type CallInput, type RouteContract } from '@portal/domain/api/contract';
import { ApiError } from './api-error';
import { parseBody, send, settle, type RequestOptions } from './client';

/** What `download` needs besides the URL and the payload. */
export interface DownloadOptions extends Pick<RequestOptions, 'signal' | 'skipErrorToast' | 'session'> {
  /** The file name used when the response names none. */
  fallbackName: string;
  /** `get` for a stored file (no payload); `post` (default) for an export built from a payload. */
  method?: 'get' | 'post';
}

/** The file the server answered, before it is saved. */
interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** Decodes `%XX` escapes of RFC 5987 values in a charset other than UTF-8 (ISO-8859-1). */
function decodeLatin1(value: string): string {
  return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A path-free name: browsers would drop the directories anyway, and some keep odd parts. */
function baseName(name: string): string {
  return name.split(/[/\\]/).pop()?.trim() ?? '';
}

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*=charset''…` form
 * first (it is the one that carries non-ASCII names), then `filename=` (quoted or not), else
 * `fallback`.
 */
export function fileNameFrom(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^';]*)'[^']*'([^;]*)/i.exec(header);
  if (extended) {
    const [, charset = '', encoded = ''] = extended;
    try {
      const decoded = /^utf-?8$/i.test(charset.trim())
        ? decodeURIComponent(encoded.trim())
        : decodeLatin1(encoded.trim());
      const name = baseName(decoded);
      if (name) return name;
    } catch {
      // A malformed escape: the plain `filename=` below is the server's own fallback.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(header);
  if (plain) {
    const name = baseName((plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1'));
    if (name) return name;
  }
  return fallback;
}

/** POSTs `payload` through the app's client and returns the file of the answer with its name. */
async function fetchFile(url: string, payload: unknown, options: DownloadOptions): Promise<DownloadedFile> {
  const { fallbackName, method = 'post', ...config } = options;
  const response = await send(method, url, method === 'get' ? undefined : payload, config);
  if (!response) return settle(undefined, undefined, config) as never;
  const type = response.headers.get('content-type') ?? '';
  // An error envelope (or any JSON) answered instead of the file: the client's ApiError, as for
  // any other call; a success envelope means there is nothing to save and no server text to show.
  if (/[/+]json\b/i.test(type) || !response.ok) {
    settle(response.status, parseBody(await response.text()), config);
    throw new ApiError('');
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFrom(response.headers.get('content-disposition'), fallbackName),
  };
}

/** Saves `blob` as `fileName` through a temporary object URL and `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Released on the next task: some browsers read the URL only after the click has returned.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}

/**
 * POSTs a JSON payload (auth, XSRF and language headers as every call) and saves the binary file
 * it answers under the `Content-Disposition` name. Rejects with the client's ApiError when the
 * server answers an error envelope instead. Resolves with the saved file's name.
 */
export async function download(url: string, payload: unknown, options: DownloadOptions): Promise<string> {
  const file = await fetchFile(url, payload, options);
  saveBlob(file.blob, file.fileName);
  return file.fileName;
}

/** A contract answering a file. */
export type FileContract = RouteContract & { readonly response: 'file' };

/** `?name=value&…` of the query's given values (none: an empty string). */
function queryString(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      search.append(name, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Downloads the file a route contract answers (`@portal/domain/api/*`, imported as a type only,
 * as for `callApi`): the URL from its path, parameters and query, its body as the payload (an
 * export's filters), GET or POST as it declares.
 */
export function downloadFile<C extends FileContract>(
  route: Pick<C, 'method' | 'path'>,
  input: CallInput<C>,
  options: Omit<DownloadOptions, 'method'>,
): Promise<string> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  const method = route.method === 'GET' ? 'get' : 'post';
  return download(`${pathOf(route.path, params)}${queryString(query)}`, body, { ...options, method });
}
