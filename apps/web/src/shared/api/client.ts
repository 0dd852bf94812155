import { interpretResponse } from '@portal/domain/envelope';
import { i18n } from '../i18n/i18n';
import { useSessionStore } from '../stores/session-store';
import { currentLocale } from '../stores/subject';
import { useUiStore } from '../stores/ui-store';
import { toast } from '../ui/message-bridge';
import { ApiError } from './api-error';

/** What a call may add to its method, URL and body. */
export interface RequestOptions {
  /** Query parameters: strings, numbers and booleans; other values (`undefined`, `null`) are left out. */
  params?: object;
  /** Cancels the call: it then rejects with a silent ApiError. */
  signal?: AbortSignal;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Do not toast an error of this call; the caller shows it. The rejection is the same. */
  skipErrorToast?: boolean;
  /**
   * Whose session the call carries, instead of the agency session: the platform back office's
   * (`shared/platform/call-platform-api.ts`). Its token is sent, and its end clears it alone.
   */
  session?: CallSession;
}

/** A session other than the agency one: its token, and what to do when the server ends it. */
export interface CallSession {
  token: () => string | null;
  ended: () => void;
}

export type Method = 'get' | 'post' | 'put' | 'delete';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function cookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

function urlOf(path: string, params: RequestOptions['params']): URL {
  const url = new URL(path, window.location.href);
  for (const [key, value] of Object.entries(params ?? {}) as [string, unknown][]) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      url.searchParams.append(key, String(value));
    }
  }
  return url;
}

/** Bearer token, Accept-Language and, for a change on this site, the XSRF cookie's value (spec §7). */
function headersFor(
  method: Method,
  url: URL,
  extra: RequestOptions['headers'],
  session: CallSession | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { 'Accept-Language': currentLocale(), ...extra };
  // A platform call never carries the agency token, and an agency call never the platform one.
  const token = session ? session.token() : useSessionStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  // Only a call that changes something needs the XSRF echo (the API checks no other); reading
  // `document.cookie` asks the browser's network process synchronously, on the main thread, so a
  // page's first reads skip it.
  const xsrf = method !== 'get' && url.origin === window.location.origin ? cookie(XSRF_COOKIE) : undefined;
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  return headers;
}

/**
 * Sends one call through the browser's `fetch` with the app's headers and the global loading flag.
 * An HTTP error status is an answer like any other (the envelope says what went wrong); a network
 * failure resolves to no answer (`undefined`), a cancelled call rejects with a silent ApiError.
 */
export async function send(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<Response | undefined> {
  const url = urlOf(path, options.params);
  const headers = headersFor(method, url, options.headers, options.session);
  // A form goes as multipart (the browser writes its boundary); anything else as JSON.
  const payload = body === undefined || body instanceof FormData ? body : JSON.stringify(body);
  if (typeof payload === 'string') headers['Content-Type'] = 'application/json';
  useUiStore.getState().startRequest();
  try {
    return await fetch(url, { method: method.toUpperCase(), headers, body: payload, signal: options.signal });
  } catch {
    // fetch rejects only when the call was cancelled or no answer came.
    if (options.signal?.aborted) throw new ApiError('canceled', { silent: true });
    return undefined;
  } finally {
    useUiStore.getState().endRequest();
  }
}

/** A body as the envelope check reads it: JSON when it parses, else its text ('' when empty). */
export function parseBody(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Shows an error of a call (unless silent or asked not to) and throws it. */
export function report(error: ApiError, options: RequestOptions): never {
  // Keyed by its text: the same refusal of several calls at once shows once.
  if (!error.silent && !options.skipErrorToast)
    void toast().error({ content: error.message, key: error.message });
  throw error;
}

/** The envelope's data of an answer, or the ApiError it stands for (toasted unless asked not to). */
export function settle(status: number | undefined, body: unknown, options: RequestOptions = {}): unknown {
  const outcome = interpretResponse<unknown>({ status, body });
  switch (outcome.kind) {
    case 'ok':
      return outcome.data;
    case 'sessionEnded': {
      if (options.session) options.session.ended();
      else useSessionStore.getState().clearSession();
      const text = i18n.t(outcome.messageKey);
      void toast().error({ content: text, key: 'session-ended' });
      throw new ApiError(text, { code: outcome.code, silent: true });
    }
    case 'error':
      if ('messageKey' in outcome) {
        const error = new ApiError(i18n.t(outcome.messageKey), { code: outcome.code, data: outcome.data });
        return report(error, options);
      }
      return report(new ApiError(outcome.message, { code: outcome.code, data: outcome.data }), options);
    case 'ignored':
      throw new ApiError('', { silent: true });
  }
}
