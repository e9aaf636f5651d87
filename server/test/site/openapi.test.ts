import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '../security/registered-routes.ts';
import { useTestApp } from '../support/test-app.ts';

// OpenAPI writes path parameters as {id}; Fastify registers them as :id.
const asOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

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
