import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** A route's own security headers: `options` over the app's, and CSP nonces when the page has inline script. */
export interface RouteSecurityHeaders {
  options: HelmetOptions;
  /** Adds a fresh `'nonce-…'` to script-src and style-src per request, readable as `reply.cspNonce`. */
  cspNonces: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    securityHeaders?: RouteSecurityHeaders;
  }
  interface FastifyReply {
    /** The request's CSP nonces (hex), set only on routes whose `securityHeaders.cspNonces` is true. */
    cspNonce: { script: string; style: string };
  }
}

/**
 * Helmet's security headers (CSP, frame, referrer, COOP/CORP, nosniff, HSTS, ...) on every answer,
 * including 404s and errors. Helmet decides the headers; they are computed once at start, not per
 * request as @fastify/helmet does (it builds a new helmet middleware and CSP string for each request,
 * the largest cost of an idle poll in a profile of the poll path). So `options` must not use per-request CSP
 * directive functions. Routes with `config.securityHeaders` (the sign-in result pages) get theirs
 * built per request, nonces included.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = headersOf(options);
  // Null until the hook below sets it on a route that asks for nonces.
  app.decorateReply('cspNonce', null as unknown as FastifyReply['cspNonce']);
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.config.securityHeaders;
    if (!route) {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      return done();
    }
    // HelmetOptions is a union (hsts or strictTransportSecurity, ...) that a spread cannot be checked against.
    let merged = { ...options, ...route.options } as HelmetOptions;
    if (route.cspNonces) {
      reply.cspNonce = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
      merged = withNonces(merged, reply.cspNonce);
    }
    for (const [name, value] of headersOf(merged)) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers helmet sets for `options`, in its order. @throws helmet's error for invalid options. */
function headersOf(options: HelmetOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = { setHeader: (name: string, value: string) => headers.push([name, value]), removeHeader: () => undefined };
  // Helmet (8.1 and later) throws for invalid options rather than passing them to the callback.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/** `options` with `'nonce-…'` added to the CSP's script-src and style-src (helmet's defaults when unset). */
function withNonces(options: HelmetOptions, nonce: { script: string; style: string }): HelmetOptions {
  const csp = typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy : {};
  const directives = { ...(csp.directives ?? helmet.contentSecurityPolicy.getDefaultDirectives()) };
  const add = (name: string, value: string) => {
    const current = directives[name];
    directives[name] = [...(current && typeof current !== 'symbol' ? current : []), `'nonce-${value}'`];
  };
  add('script-src', nonce.script);
  add('style-src', nonce.style);
  return { ...options, contentSecurityPolicy: { ...csp, directives } };
}
