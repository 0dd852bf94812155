import type { AxiosRequestConfig, AxiosResponseHeaders, RawAxiosResponseHeaders } from 'axios';
import { ApiError } from './api-error';
import { http } from './client';

/** What `download` needs besides the URL and the payload. */
export interface DownloadOptions extends Pick<AxiosRequestConfig, 'signal' | 'skipErrorToast'> {
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

const isArrayBuffer = (value: unknown): value is ArrayBuffer =>
  Object.prototype.toString.call(value) === '[object ArrayBuffer]';

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

function headerText(headers: AxiosResponseHeaders | RawAxiosResponseHeaders, name: string): string {
  const value: unknown = headers[name];
  return typeof value === 'string' ? value : '';
}

/**
 * Runs before the client's envelope handling: a JSON body (an error envelope answered instead of
 * the file) is parsed so that the client throws the same ApiError as for any other call; any other
 * body of a successful response is the file, handed on as the data of a success envelope.
 */
function readBody(
  data: unknown,
  headers: AxiosResponseHeaders | RawAxiosResponseHeaders,
  status?: number,
): unknown {
  if (!isArrayBuffer(data)) return data;
  const type = headerText(headers, 'content-type');
  const ok = status !== undefined && status >= 200 && status < 300;
  if (/[/+]json\b/i.test(type) || !ok) {
    const text = new TextDecoder().decode(data);
    if (!text) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return ok ? { code: 0, data: new Blob([data], { type }), message: '' } : text;
    }
  }
  return { code: 0, data: new Blob([data], { type }), message: '' };
}

/** POSTs `payload` through the app's client and returns the file of the answer with its name. */
async function fetchFile(url: string, payload: unknown, options: DownloadOptions): Promise<DownloadedFile> {
  const { fallbackName, method = 'post', ...config } = options;
  // The body comes as bytes rather than a Blob so that an error envelope can be read before the
  // client's interceptor (which expects JSON) sees the response; a Blob could only be read later.
  const fileConfig = { ...config, responseType: 'arraybuffer' as const, transformResponse: readBody };
  const response =
    method === 'get'
      ? await http.get<unknown>(url, fileConfig)
      : await http.post<unknown>(url, payload, fileConfig);
  // A success envelope instead of a file: nothing to save, and no server text to show.
  if (!(response.data instanceof Blob)) throw new ApiError('');
  return {
    blob: response.data,
    fileName: fileNameFrom(headerText(response.headers, 'content-disposition'), fallbackName),
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
