import axios, { isAxiosError, isCancel, type AxiosRequestConfig } from 'axios';
import { interpretResponse } from '@portal/domain/envelope';
import { i18n } from '../i18n/i18n';
import { useSessionStore } from '../stores/session-store';
import { currentLocale } from '../stores/subject';
import { useUiStore } from '../stores/ui-store';
import { toast } from '../ui/message-bridge';
import { ApiError } from './api-error';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not toast an error of this call; the caller shows it. The rejection is the same. */
    skipErrorToast?: boolean;
  }
}

/** The one HTTP client: bearer token, Accept-Language, XSRF, loading flag, envelope handling (spec §7, §8). */
export const http = axios.create({
  baseURL: '',
  timeout: 0,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  withXSRFToken: true,
});

http.interceptors.request.use((config) => {
  useUiStore.getState().startRequest();
  const { token } = useSessionStore.getState();
  config.headers.set('Accept-Language', currentLocale());
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

function fail(error: ApiError, config: AxiosRequestConfig | undefined): never {
  // Keyed by its text: the same refusal of several calls at once shows once.
  if (!error.silent && !config?.skipErrorToast)
    void toast().error({ content: error.message, key: error.message });
  throw error;
}

function settle(status: number | undefined, body: unknown, config: AxiosRequestConfig | undefined): unknown {
  const outcome = interpretResponse<unknown>({ status, body });
  switch (outcome.kind) {
    case 'ok':
      return outcome.data;
    case 'sessionEnded': {
      useSessionStore.getState().clearSession();
      const text = i18n.t(outcome.messageKey);
      void toast().error({ content: text, key: 'session-ended' });
      throw new ApiError(text, { code: outcome.code, silent: true });
    }
    case 'error':
      if ('messageKey' in outcome) {
        return fail(new ApiError(i18n.t(outcome.messageKey), { code: outcome.code }), config);
      }
      return fail(new ApiError(outcome.message, { code: outcome.code, data: outcome.data }), config);
    case 'ignored':
      throw new ApiError('', { silent: true });
  }
}

http.interceptors.response.use(
  (response) => {
    useUiStore.getState().endRequest();
    return { ...response, data: settle(response.status, response.data, response.config) };
  },
  (error: unknown) => {
    useUiStore.getState().endRequest();
    if (isCancel(error)) throw new ApiError('canceled', { silent: true });
    if (isAxiosError(error)) {
      const data = settle(error.response?.status, error.response?.data, error.config);
      return { ...error.response, data };
    }
    throw error;
  },
);

/** GET returning the envelope's data. */
export async function apiGet<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.get<T>(url, config);
  return response.data;
}

/** POST returning the envelope's data. */
export async function apiPost<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.post<T>(url, body, config);
  return response.data;
}

/** PUT returning the envelope's data. */
export async function apiPut<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.put<T>(url, body, config);
  return response.data;
}

/** DELETE returning the envelope's data. */
export async function apiDelete<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.delete<T>(url, config);
  return response.data;
}
