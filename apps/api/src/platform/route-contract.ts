import type { z } from 'zod';
import type { OtherAnswer, RouteContract } from '@portal/domain/api/contract';
import { envelope, FILE_RESPONSE, HTML_RESPONSE, IMAGE_RESPONSE, REDIRECT_RESPONSE } from './schema';

/** The envelope schema around a data schema, as `envelope` builds it. */
type Enveloped<T extends z.ZodType> = ReturnType<typeof envelope<T>>;

type OtherResponses = {
  file: typeof FILE_RESPONSE;
  image: typeof IMAGE_RESPONSE;
  html: typeof HTML_RESPONSE;
  redirect: typeof REDIRECT_RESPONSE;
};

type ErrorResponses<C extends RouteContract> = C extends { errors: infer E }
  ? { [K in keyof E]: E[K] extends z.ZodType ? Enveloped<E[K]> : never }
  : unknown;

/** The `response` declaration of a contract: the envelope around its data on 200, or a file, image, page, redirect. */
type ResponsesOf<C extends RouteContract> = C['response'] extends z.ZodType
  ? { 200: Enveloped<C['response']> } & ErrorResponses<C>
  : C['response'] extends OtherAnswer
    ? OtherResponses[C['response']]
    : never;

type Part<C, K extends string, As extends string> = C extends { [P in K]: infer S extends z.ZodType }
  ? { [P in As]: S }
  : unknown;

/** The Fastify `schema` a contract declares, typed so the zod type provider infers the request and reply. */
export type SchemaOf<C extends RouteContract> = {
  tags: string[];
  operationId: string;
  summary: string;
  description: string;
  consumes?: string[];
  response: ResponsesOf<C>;
} & Part<C, 'params', 'params'> &
  Part<C, 'query', 'querystring'> &
  Part<C, 'body', 'body'>;

const OTHER_RESPONSES: OtherResponses = {
  file: FILE_RESPONSE,
  image: IMAGE_RESPONSE,
  html: HTML_RESPONSE,
  redirect: REDIRECT_RESPONSE,
};

function responsesOf(contract: RouteContract): object {
  if (typeof contract.response === 'string') return OTHER_RESPONSES[contract.response];
  const responses: Record<number, z.ZodType> = { 200: envelope(contract.response) };
  for (const [status, data] of Object.entries(contract.errors ?? {})) {
    responses[Number(status)] = envelope(data);
  }
  return responses;
}

/** A stricter body check the server adds to a contract's (one that reads server-side tables): same type. */
export type Stricter<C extends RouteContract> = C extends { body: infer B extends z.ZodType }
  ? { body?: z.ZodType<z.output<B>, z.input<B>> }
  : never;

/**
 * The method, URL and schema of a route declared from its contract (`packages/domain/src/api`):
 * `app.route({ ...fromContract(contract), config, handler })`. The path, the request schemas, the
 * answer (wrapped in the envelope) and the OpenAPI documentation (operation id, summary,
 * description, tags) all come from the contract the web client calls through. `stricter` may add
 * checks the web cannot make (a station known to the server's table) to the body, with its type.
 */
export function fromContract<const C extends RouteContract>(
  contract: C,
  stricter?: Stricter<C>,
): { method: C['method']; url: C['path']; schema: SchemaOf<C> } {
  const schema: Record<string, unknown> = {
    tags: [...contract.tags],
    operationId: contract.operationId,
    summary: contract.summary,
    description: contract.description,
    response: responsesOf(contract),
  };
  if (contract.consumes) schema.consumes = [contract.consumes];
  if (contract.params) schema.params = contract.params;
  if (contract.query) schema.querystring = contract.query;
  if (contract.body) schema.body = stricter?.body ?? contract.body;
  return { method: contract.method, url: contract.path, schema: schema as SchemaOf<C> };
}
