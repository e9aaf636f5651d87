import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Fastify's logger settings: JSON lines (pino) in production and tests, for log collectors; in
 * development the same records pretty-printed by pino-pretty, for a person at a terminal (issue 7).
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): FastifyServerOptions['logger'] {
  if (config.NODE_ENV !== 'development') return { level: config.LOG_LEVEL };
  return {
    level: config.LOG_LEVEL,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,method,path,status,ms', singleLine: true },
    },
  };
}

/** Paths whose requests are worth a log line: the API and the protocols, not the web app's files. */
const LOGGED_PATHS = /^\/(api|oidc|mcp|mcp_tools|code-sharing)(\/|$)/;

/**
 * One log line per API request when it completes (method, path without its query string, status,
 * time in ms), instead of Fastify's two lines for every request including static files. Query strings
 * are left out because sign-in callbacks carry one-time codes in them.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!LOGGED_PATHS.test(path) && reply.statusCode < 500) return;
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    request.log[level](
      { method: request.method, path, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      `${request.method} ${path} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
    );
  });
}
