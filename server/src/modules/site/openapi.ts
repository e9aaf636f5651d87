import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@unstuck/contract';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { API_OPERATIONS, SECURITY_SCHEMES, type ApiOperation } from './api-operations.ts';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];
type OpenApiObject = Record<string, unknown> & { paths?: Record<string, Record<string, { requestBody?: RequestBody }>> };
interface RequestBody {
  content: Record<string, { schema: { type?: string; properties?: Record<string, unknown>; required?: string[] } }>;
}

/** The OpenAPI path of a Fastify URL: `/api/x/:id` → `/api/x/{id}`. */
export const asOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Collects every `/api` route's zod schemas into an OpenAPI 3.1 document (`@fastify/swagger` with the
 * zod type provider's transform), served at `GET /api/openapi.json`. Must be registered before the
 * routes: it hears of them through Fastify's `onRoute` hook. The identity-provider, MCP, repository and
 * web-app paths are other protocols and are left out. Each operation's operationId, security list and
 * any body the route reads itself come from API_OPERATIONS (./api-operations.ts); the answers every
 * route can give whatever its handler does are added to its own (docs/decisions/092-openapi-for-generated-clients.md).
 */
export async function registerOpenApi(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${deps.config.PRODUCT_NAME} API`,
        version: '2',
        description:
          'The REST API the web app uses. Callers identify themselves with `Authorization: Bearer <token>` (signed-in people and admins), `x-guest-session-id: guest-…` (guests) or `X-Agent-Key` (agents, on `POST /api/messages`); each operation lists the ones it takes. Error answers are `{ code, detail }` (`code` from a fixed list clients branch on, `detail` the text to show). A method a path does not take answers 405 with `Allow`; a path segment over 100 characters 414.',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => {
      if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
      const method = [input.route.method].flat()[0] ?? '';
      return jsonSchemaTransform({ ...input, schema: documentedSchema(input, API_OPERATIONS[`${method} ${input.url}`]) });
    },
    transformObject: (document) => addFileParts('openapiObject' in document ? (document.openapiObject as OpenApiObject) : {}),
  });
}

/**
 * A route's schema as the document states it: its own, plus what API_OPERATIONS says (operationId,
 * security, a body and headers the route reads itself, redirects) and the `{ code, detail }` answers any route of
 * its kind can give: 400 (a malformed query or header), 500, 414 with a path parameter, 413 and 415
 * with a body, 401 and 503 (the session check reads the database) when a credential is required.
 * Left without operationId when the route has no row: the document's test names it.
 */
function documentedSchema(input: TransformInput, operation: ApiOperation | undefined): FastifySchema {
  const schema = (input.schema ?? {}) as FastifySchema & Record<string, unknown>;
  const body = operation?.body;
  const takesBody = schema.body !== undefined || body !== undefined;
  const credentialRequired =
    operation !== undefined && operation.security.length > 0 && operation.security.every((entry) => Object.keys(entry).length > 0);
  const errorStatuses = [
    400,
    500,
    ...(input.url.includes(':') ? [414] : []),
    ...(takesBody ? [413, 415] : []),
    ...(credentialRequired ? [401, 503] : []),
    ...(operation?.errors ?? []),
  ];
  const own = (schema.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = {
    ...Object.fromEntries(errorStatuses.map((status) => [status, errorResponseSchema])),
    ...Object.fromEntries(Object.entries(operation?.answers ?? {}).map(([status, text]) => [status, z.null().describe(text)])),
    ...own,
  };
  if (!operation) return { ...schema, response };
  return {
    ...schema,
    response,
    operationId: operation.operationId,
    security: operation.security,
    ...(body && 'json' in body
      ? { body: body.json, consumes: body.multipart ? ['application/json', 'multipart/form-data'] : ['application/json'] }
      : {}),
    ...(body && 'media' in body ? { body: z.string().describe(body.description), consumes: [body.media] } : {}),
    ...(operation.headers ? { headers: operation.headers } : {}),
  };
}

/**
 * Adds the `file` parts to each multipart request body: @fastify/swagger gives every media type the
 * JSON body's fields, and files cannot be sent as JSON.
 */
function addFileParts(document: OpenApiObject): OpenApiObject {
  for (const [route, operation] of Object.entries(API_OPERATIONS)) {
    if (!operation.body || !('multipart' in operation.body) || !operation.body.multipart) continue;
    const [method = '', url = ''] = route.split(' ');
    const content = document.paths?.[asOpenApiPath(url)]?.[method.toLowerCase()]?.requestBody?.content;
    const form = content?.['multipart/form-data'];
    if (!content || !form) continue;
    // A new object: @fastify/swagger shares one between the media types.
    content['multipart/form-data'] = {
      ...form,
      schema: {
        ...form.schema,
        properties: {
          ...form.schema.properties,
          file: {
            type: 'array',
            items: { type: 'string', contentMediaType: 'application/octet-stream' },
            maxItems: operation.body.multipart.files,
            description: 'The files sent with the message, each a part named `file`',
          },
        },
      },
    };
  }
  return document;
}
