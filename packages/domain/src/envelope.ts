import { SESSION_END_CODES } from './errors';

/** Every JSON response of the API (architecture: envelope). Code 0 is success. */
export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
}

/** A validation failure's detail, in `data.errors` of a 400 envelope. */
export interface FieldError {
  path: string;
  message: string;
}

export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number' &&
    'data' in body
  );
}

/** What the client does with a finished request (spec §8). */
export type ResponseOutcome<T> =
  | { kind: 'ok'; data: T }
  /** Session over: log out, set the logged-out-by-user flag, show `axios.login.timeout`. */
  | { kind: 'sessionEnded'; code: number; messageKey: 'axios.login.timeout' }
  /** Show a translated message; a 404 envelope's data, when it has some, travels with it. */
  | {
      kind: 'error';
      code?: number;
      messageKey: 'axios.network.error' | 'axios.notFound.text';
      data?: unknown;
    }
  /** Show the server's message as it is. */
  | { kind: 'error'; code?: number; message: string; data?: unknown }
  /** No response body: nothing to show. */
  | { kind: 'ignored' };

export interface RawResponse {
  /** undefined when the request never got a response (network failure). */
  status?: number;
  body?: unknown;
}

/**
 * Maps a raw HTTP result to what the UI does, as spec §8 lists: session codes end the session;
 * a network error and HTTP 404 get fixed texts; any other envelope with a non-zero code passes its
 * message on; no body is silently ignored.
 */
export function interpretResponse<T>(response: RawResponse): ResponseOutcome<T> {
  if (response.status === undefined) return { kind: 'error', messageKey: 'axios.network.error' };
  const { body } = response;
  if (isEnvelope(body) && SESSION_END_CODES.includes(body.code)) {
    return { kind: 'sessionEnded', code: body.code, messageKey: 'axios.login.timeout' };
  }
  if (response.status === 404) {
    const envelope = isEnvelope(body) ? body : undefined;
    return {
      kind: 'error',
      code: envelope?.code,
      messageKey: 'axios.notFound.text',
      // What was not found (an accurate search names its flights), for a caller that says more.
      ...(envelope?.data !== undefined && envelope.data !== null ? { data: envelope.data } : {}),
    };
  }
  if (isEnvelope(body)) {
    if (body.code === 0) return { kind: 'ok', data: body.data as T };
    return { kind: 'error', code: body.code, message: body.message, data: body.data };
  }
  if (body === undefined || body === null || body === '') return { kind: 'ignored' };
  if (typeof body === 'string') return { kind: 'error', message: body };
  return { kind: 'ignored' };
}
