import type { z } from 'zod';

/**
 * Route contracts: one declaration of an API call (method, path, what it takes and answers, and
 * its documentation) that the Fastify registration and the web's client both read, so a path or a
 * shape changed on one side fails the typecheck of the other. Each area has its own file
 * (`api/train-orders.ts`...), so a web chunk pulls only the contracts of its own feature.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * An answer that is not the JSON envelope: a file download, an image, an HTML page or a
 * redirect without body.
 */
export type OtherAnswer = 'file' | 'image' | 'html' | 'redirect';

/** A request body that is not JSON: an upload, or an HTML form post. */
export type Consumes = 'multipart/form-data' | 'application/x-www-form-urlencoded';

export interface RouteContract {
  readonly method: HttpMethod;
  /** The path, with `:name` for each path parameter. */
  readonly path: string;
  /** A stable, unique name of the operation in the OpenAPI document (camelCase). */
  readonly operationId: string;
  /** One line: what the call does. */
  readonly summary: string;
  /** What the call does, for whom, and what it answers. */
  readonly description: string;
  /** The OpenAPI tags: the area the call belongs to. */
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly consumes?: Consumes;
  /** A JSON answer: the schema of the envelope's `data` on 200; else the kind of answer. */
  readonly response: z.ZodType | OtherAnswer;
  /** Other statuses whose envelope carries data the client reads (a 409's offer...): the data's schema. */
  readonly errors?: { readonly [status: number]: z.ZodType };
}

/** The names of a path's `:name` parameters. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with parameters must declare a params schema naming each of them; one without, none. */
type ParamsCheck<C extends RouteContract> = [PathParamNames<C['path']>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: z.ZodType<{ [K in PathParamNames<C['path']>]: unknown }> };

/** Declares a contract, keeping its literal method, path and schema types. */
export function defineRoute<const C extends RouteContract>(contract: C & ParamsCheck<C>): C {
  return contract;
}

/** A contract answering with the JSON envelope. */
export type JsonContract = RouteContract & { readonly response: z.ZodType };

/** The path parameters a call gives (strings or numbers, encoded into the path). */
export type ParamsOf<C extends RouteContract> = C extends { params: infer P extends z.ZodType }
  ? z.input<P>
  : undefined;

/** The query a call sends. */
export type QueryOf<C extends RouteContract> = C extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : undefined;

/** The body a call sends. */
export type BodyOf<C extends RouteContract> = C extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;

/** The envelope's data of a JSON answer, as its schema reads it. */
export type DataOf<C extends RouteContract> = C extends { response: infer R extends z.ZodType }
  ? z.output<R>
  : never;

/** A part of a call's input: required when its schema needs a value, else optional. */
type InputPart<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call sends: its path parameters, query and body, as its contract types them. */
export type CallInput<C extends RouteContract> = InputPart<'params', ParamsOf<C>> &
  InputPart<'query', QueryOf<C>> &
  InputPart<'body', BodyOf<C>>;

/** The path of a call with its parameters filled in (each encoded). */
export function pathOf(path: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new TypeError(`path parameter ${name} of ${path} is missing`);
    }
    return encodeURIComponent(String(value));
  });
}
