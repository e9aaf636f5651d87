import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '../../src/modules/site/api-operations.ts';
import { asOpenApiPath } from '../../src/modules/site/openapi.ts';
import { registeredRoutes } from '../security/registered-routes.ts';
import { useTestApp } from '../support/test-app.ts';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }>;
}
interface Document {
  components: { securitySchemes: Record<string, Record<string, string>> };
  paths: Record<string, Record<string, Operation>>;
}

describe('the OpenAPI document', () => {
  const subject = useTestApp({ DEBUG_PAGES: 'true' });

  it('validates as OpenAPI 3.1 and lists every /api route with its method, and no other path', async () => {
    const answer = await subject.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const document = answer.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');

    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const apiRoutes = registeredRoutes(subject.app)
      .filter((route) => route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${asOpenApiPath(route.path)}`);
    expect(apiRoutes.length).toBeGreaterThan(40);
    expect(listed.sort()).toEqual([...new Set(apiRoutes)].sort());
  });

  it('gives every operation a unique camelCase operationId and a security list of declared schemes', async () => {
    const document = (await subject.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    expect(document.components.securitySchemes.agentKey).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Agent-Key' }),
    );
    const schemes = new Set(Object.keys(document.components.securitySchemes));
    const failures: string[] = [];
    const seen = new Map<string, string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        const fix = 'give its route a row in server/src/modules/site/api-operations.ts';
        if (!operation.operationId) failures.push(`${route} has no operationId: ${fix}`);
        else if (!/^[a-z][A-Za-z0-9]*$/.test(operation.operationId))
          failures.push(`${route}: operationId ${operation.operationId} is not camelCase`);
        else if (seen.has(operation.operationId))
          failures.push(`${route}: operationId ${operation.operationId} is ${seen.get(operation.operationId)}'s too`);
        else seen.set(operation.operationId, route);
        if (!operation.security) failures.push(`${route} has no security list ([] for a public call): ${fix}`);
        for (const name of operation.security?.flatMap((entry) => Object.keys(entry)) ?? [])
          if (!schemes.has(name)) failures.push(`${route}: security scheme ${name} is not declared`);
      }
    }
    // A row whose route is gone would keep a name no client can call.
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    for (const route of Object.keys(API_OPERATIONS)) {
      const [method, url] = route.split(' ');
      if (!documented.has(`${method} ${asOpenApiPath(url!)}`)) failures.push(`${route} has a row in api-operations.ts but no route`);
    }
    expect(failures).toEqual([]);
    expect(document.paths['/api/messages']?.post?.security).toEqual([{ agentKey: [] }, { bearer: [] }]);
    expect(document.paths['/api/config']?.get?.security).toEqual([]);
  });

  it('declares the bodies routes read themselves: JSON and multipart with file parts, from the contract', async () => {
    const document = (await subject.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    const bodyOf = (path: string, method: string) => document.paths[path]?.[method]?.requestBody?.content;
    for (const [path, method] of [
      ['/api/v2/messages', 'post'],
      ['/api/expert/tasks/{id}/messages', 'post'],
    ] as const) {
      const content = bodyOf(path, method);
      expect(Object.keys(content ?? {}).sort()).toEqual(['application/json', 'multipart/form-data']);
      expect(Object.keys(content!['application/json']!.schema.properties ?? {})).toContain('content');
      expect(content!['multipart/form-data']!.schema.properties).toMatchObject({ content: {}, file: { type: 'array', maxItems: 5 } });
      expect(content!['application/json']!.schema.properties).not.toHaveProperty('file');
    }
    expect(bodyOf('/api/v2/messages', 'post')!['application/json']!.schema.properties).toHaveProperty('recipientId');
    expect(Object.keys(bodyOf('/api/messages', 'post') ?? {})).toEqual(['application/json']);
    expect(bodyOf('/api/v1/users/profile', 'put')!['application/json']!.schema.properties).toHaveProperty('email');
    expect(Object.keys(bodyOf('/api/email/inbound', 'post') ?? {})).toEqual(['message/rfc822']);
  });

  it("declares the headers routes read themselves: a send's optional Idempotency-Key, as the contract checks it", async () => {
    const document = (await subject.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    const headers = document.paths['/api/v2/messages']?.post?.parameters?.filter((parameter) => parameter.in === 'header');
    expect(headers).toEqual([
      expect.objectContaining({
        name: 'Idempotency-Key',
        required: false,
        schema: expect.objectContaining({ type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' }),
      }),
    ]);
  });

  it('declares the answers any route can give: 400 and 500, 414 with a path parameter, 401 where a credential is required', async () => {
    const document = (await subject.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const required = [
          '400',
          '500',
          ...(path.includes('{') ? ['414'] : []),
          ...(operation.security?.length && operation.security.every((entry) => Object.keys(entry).length > 0) ? ['401'] : []),
        ];
        for (const status of required) if (!operation.responses[status]) missing.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
    expect(document.paths['/api/auth/login/{provider}']?.get?.responses['302']).toBeDefined();
  });

  it('answers a method a known API path does not take 405 with Allow, an unknown path still 404', async () => {
    const deleteMessages = await subject.app.inject({ method: 'DELETE', url: '/api/v2/messages' });
    expect(deleteMessages.statusCode).toBe(405);
    expect(deleteMessages.headers.allow).toBe('POST');
    expect(deleteMessages.json()).toEqual({ code: 'method_not_allowed', detail: '/api/v2/messages does not take DELETE: use POST' });
    const putConversation = await subject.app.inject({ method: 'PUT', url: `/api/v2/conversations/${'a'.repeat(36)}/messages?x=1` });
    expect(putConversation.statusCode).toBe(405);
    expect(putConversation.headers.allow).toBe('GET, HEAD');
    expect(putConversation.json()).toMatchObject({ code: 'method_not_allowed' });
    const unknown = await subject.app.inject({ method: 'DELETE', url: '/api/v2/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers a path parameter over 100 characters 414 uri_too_long as { code, detail }', async () => {
    const answer = await subject.app.inject({ method: 'GET', url: `/api/v2/conversations/${'a'.repeat(101)}/messages` });
    expect(answer.statusCode).toBe(414);
    expect(answer.json()).toEqual({ code: 'uri_too_long', detail: 'A path segment is longer than 100 characters' });
    const atLimit = await subject.app.inject({ method: 'GET', url: `/api/v2/conversations/${'a'.repeat(100)}/messages` });
    expect(atLimit.statusCode).not.toBe(414);
  });

  it('describes a route by its zod schemas: the chat config answer and a path parameter', async () => {
    const document = (await subject.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown> }>>;
    }>();
    expect(document.paths['/api/config']?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', properties: { productName: { type: 'string' } } } } },
    });
    const withParameter = Object.entries(document.paths).find(([path]) => path.includes('{'));
    expect(withParameter).toBeDefined();
    const [path, operations] = withParameter!;
    const parameterName = /\{([^}]+)\}/.exec(path)![1];
    const operation = Object.values(operations)[0]!;
    expect(operation.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: parameterName, in: 'path' })]));
  });
});
