import type { FastifyInstance } from 'fastify';
import Router, { type HTTPMethod } from 'find-my-way';

/** The methods the API's routes are registered with, asked by a request's method and URL. */
export interface AllowedMethods {
  /**
   * The methods a path of the API takes, for the `Allow` header of a 405 (RFC 9110 §15.5.6).
   * @param url the request's URL (a query string is ignored).
   * @returns the methods in registration order, or an empty list when no route has the path.
   */
  of(url: string): string[];
}

/**
 * Records, from now on, every route under `prefix` (Fastify's `onRoute` hook: call it before the
 * routes are registered) in a router of its own, find-my-way as Fastify uses, so that a method a known
 * path does not take can be told apart from an unknown path. Fastify's router answers both with its
 * not-found handler.
 */
export function recordAllowedMethods(app: FastifyInstance, prefix: string): AllowedMethods {
  const router = Router({ maxParamLength: Number.MAX_SAFE_INTEGER });
  const methods: HTTPMethod[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix)) return;
    for (const method of [route.method].flat().map((name) => name.toUpperCase() as HTTPMethod)) {
      router.on(method, route.url, () => undefined);
      if (!methods.includes(method)) methods.push(method);
    }
  });
  return {
    of: (url) => {
      const path = url.split('?')[0] ?? '';
      return methods.filter((method) => router.find(method, path) !== null);
    },
  };
}
