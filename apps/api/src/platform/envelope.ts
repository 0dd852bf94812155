import type { Envelope } from '@portal/domain/envelope';

/** A success envelope: code 0. */
export function ok<T>(data: T): Envelope<T> {
  return { code: 0, data, message: 'success' };
}

export function fail<T>(code: number, message: string, data: T): Envelope<T> {
  return { code, data, message };
}
