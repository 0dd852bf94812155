import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from './errors';

/**
 * Route schemas are zod schemas given through Fastify's `schema` option: params, querystring,
 * body and response. Requests are checked by `validatorCompiler` (a failure is the localized 400
 * ILLEGAL_INPUT with field paths, like `parse`), responses are encoded by their schema (so no
 * field a schema does not name ever leaves), and the same schemas make the OpenAPI document.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new ValidationError(result.error.issues) };
  };

/** The success envelope `{code: 0, data, message}` around a response's data schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, message: z.string() });
}

/** `{200: envelope(data)}`: the usual response declaration of a JSON route. */
export function okResponse<T extends z.ZodType>(data: T) {
  return { 200: envelope(data) };
}

/** A file download (Excel): declared as binary for the document; not serialized by a schema. */
export const FILE_RESPONSE = {
  200: {
    description: 'A file download',
    content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
  },
} as const;

/** Installs the compilers and the OpenAPI document (`/openapi.json`) with Swagger UI (`/docs`). */
export async function registerSchemas(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TripBridge B2B travel portal API',
        version: '2',
        description:
          'Every JSON answer is the envelope {code, data, message}; see docs/API.md for the error codes.',
      },
      security: [{ bearer: [] }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );
}
