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

const METHODS = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const;

/** Sends a call of a route and answers the envelope's data as it came (or the ApiError it stands for). */
async function request(
  route: Pick<JsonContract, 'method' | 'path'>,
  input: object,
  options: CallOptions,
): Promise<{ data: unknown; options: RequestOptions }> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  const requestOptions: RequestOptions = { ...options, params: query };
  const response = await send(METHODS[route.method], pathOf(route.path, params), body, requestOptions);
  const data = response
    ? settle(response.status, parseBody(await response.text()), requestOptions)
    : settle(undefined, undefined, requestOptions);
  return { data, options: requestOptions };
}

/**
 * Calls the API through a route contract (`@portal/domain/api/*`): the URL from its path and
 * parameters, its query and body, and the answer's data parsed by its response schema. An answer
 * that does not match the schema is a client error like the others (toasted unless asked not to,
 * then thrown), never a silent cast.
 */
export async function callApi<C extends JsonContract>(
  contract: C,
  input: InputOf<C>,
  options: CallOptions = {},
): Promise<DataOf<C>> {
  const { data, options: requestOptions } = await request(contract, input, options);
  const parsed = contract.response.safeParse(data);
  if (parsed.success) return parsed.data as DataOf<C>;
  console.error(
    `${contract.method} ${contract.path}: the answer does not match its contract`,
    parsed.error.issues,
  );
  return report(
    new ApiError(i18n.t('axios.response.invalid'), { data: parsed.error.issues }),
    requestOptions,
  );
}

/**
 * The calls of the login page and the app shell, which ship without zod (the login page has a
 * JavaScript budget, and a contract's schemas bring zod): the contract is imported as a type only
 * (`import type { login }`, then `callShellApi<typeof login>({ method: 'POST', path: '/base/v2/login' }, …)`),
 * so its method, path, input and answer are checked at compile time against the same contract the
 * server registers; the answer's data is not parsed at run time.
 */
export async function callShellApi<C extends JsonContract>(
  route: Pick<C, 'method' | 'path'>,
  input: InputOf<C>,
  options: CallOptions = {},
): Promise<DataOf<C>> {
  const { data } = await request(route, input, options);
  return data as DataOf<C>;
}
