import type { CallInput, DataOf, JsonContract } from '@portal/domain/api/contract';
import { callApi, type CallOptions, type RouteOf } from '../api/call-api';
import type { CallSession } from '../api/client';
import { downloadFile, type DownloadOptions, type FileContract } from '../api/download';
import { usePlatformSessionStore } from './platform-session-store';

/** The platform session as a call carries it: its token, and its end clears it (never the agency's). */
export const PLATFORM_CALL_SESSION: CallSession = {
  token: () => usePlatformSessionStore.getState().token,
  ended: () => usePlatformSessionStore.getState().clearSession(),
};

/**
 * Calls a platform route (`/platform/v2/…`) by its contract of `@portal/domain/api/platform-*`,
 * as `callApi` does (`callPlatformApi<typeof api.listPlatformAudit>({ method: 'GET', path:
 * '/platform/v2/audit' }, { query })`), with the platform session's token instead of the agency's.
 * A session the server ended (200005, 200006, 201001) signs the platform admin out, and only them.
 */
export function callPlatformApi<C extends JsonContract>(
  route: RouteOf<C>,
  input: Parameters<typeof callApi<C>>[1],
  options: CallOptions = {},
): Promise<DataOf<C>> {
  return callApi<C>(route, input, { ...options, session: PLATFORM_CALL_SESSION });
}

/** Downloads a platform file (an export) with the platform session, as `downloadFile` does. */
export function downloadPlatformFile<C extends FileContract>(
  route: Pick<C, 'method' | 'path'>,
  input: CallInput<C>,
  options: Omit<DownloadOptions, 'method' | 'session'>,
): Promise<string> {
  return downloadFile<C>(route, input, { ...options, session: PLATFORM_CALL_SESSION });
}
