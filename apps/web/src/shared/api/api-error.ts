/** A failed API call: the envelope code when there was one, the shown text, and the error data. */
export class ApiError extends Error {
  readonly code?: number;
  readonly data?: unknown;
  /** True when the UI should not show anything (no body, aborted, session ended already shown). */
  readonly silent: boolean;

  constructor(message: string, options: { code?: number; data?: unknown; silent?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = options.code;
    this.data = options.data;
    this.silent = options.silent ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
