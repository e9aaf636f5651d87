import type { FastifyInstance, FastifyReply } from 'fastify';
import { levels, pino, stdSerializers, type Level, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config.ts';

/**
 * The process's logger, shared by the HTTP app and the background workers: JSON lines (pino) in
 * production and tests, for log collectors; in development the same records pretty-printed by
 * pino-pretty, for a person at a terminal.
 * @param destination where the lines go (standard output by default; tests read them).
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>, destination?: NodeJS.WritableStream): Logger {
  const options = loggerOptions(config);
  // pino takes a transport or a destination, not both: a given destination gets the plain JSON lines.
  return destination ? pino({ ...options, transport: undefined }, destination) : pino(options);
}

function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): LoggerOptions {
  const serializers = { err: serializeError };
  if (config.NODE_ENV !== 'development') return { level: config.LOG_LEVEL, serializers };
  return {
    level: config.LOG_LEVEL,
    serializers,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,method,path,status,ms', singleLine: true },
    },
  };
}

/** Paths whose requests are worth a log line: the API and the protocols, not the web app's files. */
const LOGGED_PATHS = /^\/(api|oidc|mcp|mcp_tools|code-sharing)(\/|$)/;

/** Responses whose log line takes another level than its status gives (see `logResponseAt`). */
const responseLevels = new WeakMap<FastifyReply, Level>();

/**
 * Logs this response's line at `level` instead of the level its status gives (error for 5xx, else
 * info): for answers that are expected, such as health checks answering 503 while the server starts.
 */
export function logResponseAt(reply: FastifyReply, level: Level): void {
  responseLevels.set(reply, level);
}

/**
 * One log line per API request when it completes (method, path without its query string, status,
 * time in ms), instead of Fastify's two lines for every request including static files. Query strings
 * are left out because sign-in callbacks carry one-time codes in them.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // A callback hook that returns early when the level is off: it runs after every request.
  app.addHook('onResponse', (request, reply, done) => {
    const level = responseLevels.get(reply) ?? (reply.statusCode >= 500 ? 'error' : 'info');
    if ((levels.values[level] ?? 0) < (levels.values[request.log.level] ?? 0)) return done();
    const path = request.url.split('?')[0] ?? '';
    if (LOGGED_PATHS.test(path) || reply.statusCode >= 500) {
      request.log[level](
        { method: request.method, path, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        `${request.method} ${path} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
      );
    }
    done();
  });
}

/** What replaces a failed query's parameters in logs. */
const PARAMS_LEFT_OUT = '\nparams: [left out of logs]';

/**
 * Pino's error serializer, minus the values of a failed database query: Drizzle puts them in the
 * error's `params` and appends them to its message ("Failed query: … params: …"), and they are what
 * people wrote (messages, names, emails). The SQL text with its placeholders stays.
 */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  const serialized = stdSerializers.err(error);
  if (!Array.isArray((error as { params?: unknown }).params)) return serialized;
  const { params: _left, ...rest } = serialized as typeof serialized & { params?: unknown };
  return {
    ...rest,
    message: rest.message.replace(/\nparams: [\s\S]*/, PARAMS_LEFT_OUT),
    stack: rest.stack.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, PARAMS_LEFT_OUT),
  };
}
