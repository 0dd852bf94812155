import { pathOf, type CallInput, type DataOf, type JsonContract } from '@portal/domain/api/contract';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-error';
import { parseBody, report, send, settle, type RequestOptions } from './client';

/** What a call may add besides its input: cancelling, headers, leaving the error toast to the caller. */
export type CallOptions = Omit<RequestOptions, 'params'>;

/** An upload sends a form (its parts are checked by the server by content); any other call its JSON input. */
type InputOf<C extends JsonContract> = C extends { consumes: 'multipart/form-data' }
  ? Omit<CallInput<C>, 'body'> & { body: FormData }
  : CallInput<C>;

/** The route of a contract as a call names it: its method and its path, literally. */
export type RouteOf<C extends JsonContract> = Pick<C, 'method' | 'path'>;

const METHODS = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const;

/**
 * In development and in the tests, the answer's data is parsed by its contract's response schema
 * (`./answer-check`, loaded on first use); a mismatch is a client error like the others (toasted
 * unless asked not to, then thrown). Production builds leave this out with zod: the server encodes
 * every answer by the same schema before it leaves (the routes' serializer), and zod on every
 * page's first load would break the pages' JavaScript budget.
 */
async function checked(
  route: RouteOf<JsonContract>,
  data: unknown,
  options: RequestOptions,
): Promise<unknown> {
  const { answerIssues } = await import('./answer-check');
  const issues = answerIssues(route, data);
  if (!issues) return data;
  console.error(`${route.method} ${route.path}: the answer does not match its contract`, issues);
  return report(new ApiError(i18n.t('axios.response.invalid'), { data: issues }), options);
}

/**
 * Calls the API by a route contract of `@portal/domain/api/*`, imported as a type only
 * (`import type * as usersApi`, then `callApi<typeof usersApi.listUsers>({ method: 'GET', path: '/base/v2/users' }, …)`):
 * the method and path must be the contract's own, and the input and the answer are typed by it,
 * so a route changed on the server fails the web's typecheck. The URL is built from the path and
 * the parameters; the answer is the envelope's data (or the ApiError it stands for).
 */
export async function callApi<C extends JsonContract>(
  route: RouteOf<C>,
  input: InputOf<C>,
  options: CallOptions = {},
): Promise<DataOf<C>> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  const requestOptions: RequestOptions = { ...options, params: query };
  const response = await send(METHODS[route.method], pathOf(route.path, params), body, requestOptions);
  const data = response
    ? settle(response.status, parseBody(await response.text()), requestOptions)
    : settle(undefined, undefined, requestOptions);
  if (import.meta.env.DEV) return (await checked(route, data, requestOptions)) as DataOf<C>;
  return data as DataOf<C>;
}
