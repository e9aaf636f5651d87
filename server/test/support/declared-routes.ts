import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** One route as it was registered: its method, URL pattern and declared response schemas by status. */
export interface DeclaredRoute {
  method: string;
  url: string;
  responses: Record<string, unknown>;
}

const CHANNEL = 'fastify.initialization';

/**
 * Records every route, with its response schemas, that the Fastify apps built in this test file
 * register from now on. Fastify publishes each new instance on the `fastify.initialization`
 * diagnostics channel before anything is registered on it (its documented hook for tools), so an
 * `onRoute` hook added there sees every route, those of encapsulated plugins included. HEAD twins
 * of GET routes are left out, as in {@link ../security/registered-routes.ts}.
 * @returns `of(app)`: the routes one app registered (filled as it is built); `stop` unsubscribes.
 */
export function recordDeclaredRoutes(): { of(app: FastifyInstance): DeclaredRoute[]; stop(): void } {
  const byApp = new WeakMap<FastifyInstance, DeclaredRoute[]>();
  const onInitialization = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    const routes: DeclaredRoute[] = [];
    byApp.set(fastify, routes);
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, responses });
    });
  };
  subscribe(CHANNEL, onInitialization);
  return { of: (app) => byApp.get(app) ?? [], stop: () => unsubscribe(CHANNEL, onInitialization) };
}
