import type { FastifyInstance } from 'fastify';

/** One registered route: an HTTP method and the path pattern as registered (`/api/x/:id`). */
export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Every route the app registered, read from Fastify's route tree (`printRoutes`), without the HEAD
 * twins Fastify adds to each GET. Fastify has no public route list once the app is built, and the
 * app is built inside `startServer`, too late for an `onRoute` hook; the printed tree is public and
 * names each node by the text it adds to its parent's path.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack.push(path);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, path });
  }
  return routes;
}
