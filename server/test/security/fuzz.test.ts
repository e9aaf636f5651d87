import { isErrorCode } from '@unstuck/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { newGuestId } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signIn } from '../support/sign-in.ts';
import { useTestApp } from '../support/test-app.ts';
import { rawRequest } from './raw-http.ts';
import { registeredRoutes, type RegisteredRoute } from './registered-routes.ts';
import { SECURITY_SUITE_ENV } from './suite-env.ts';

/*
 * Property-based fuzzing of every API route: arbitrary path parameters,
 * query strings, bodies, body types and Authorization / guest headers, FUZZ_RUNS per route. No answer
 * may be a 5xx, no body may show a stack trace or an internal error's text, and every 4xx JSON answer
 * is `{ code, detail }` with a code of the contract (docs/decisions/024-error-codes.md).
 */

/** Runs per route: 1,000 by default; FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

/** What must never reach a client: stack frames, our file paths, database and runtime error text. */
const LEAK =
  /\n\s+at |node_modules|[\\/]src[\\/]|\.ts:\d+|DrizzleQueryError|Failed query|Internal server error|TypeError|ReferenceError|SyntaxError: /;

const printable = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);
/** Any text, made encodable (lone surrogates, which cannot be percent-encoded, become U+FFFD). */
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 40 }), printable).map((text) => Buffer.from(text).toString());

interface Known {
  ids: string[];
  guest: string;
  userToken: string;
  adminToken: string;
}

const pathValue = (known: Known) =>
  fc.oneof(
    fc.constantFrom(...known.ids),
    fc.uuid(),
    anyText.filter((text) => text.length > 0),
    fc.constantFrom('0', '-1', '..', '%', 'null'),
  );

const bodyOf = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .dictionary(
      fc.constantFrom(
        'content',
        'code',
        'userId',
        'isExpert',
        'adminNotes',
        'agentId',
        'agentName',
        'expiry_hours',
        'name',
        'email',
        'message',
        'recipientId',
        'conversationId',
        '__proto__',
        'constructor',
      ),
      fc.jsonValue(),
    )
    .map((value) => JSON.stringify(value)),
  anyText,
);

const headersOf = (known: Known) =>
  fc.record(
    {
      authorization: fc.oneof(
        fc.constant(`Bearer ${known.userToken}`),
        fc.constant(`Bearer ${known.adminToken}`),
        printable.map((text) => `Bearer ${text}`),
        fc.constant(`Bearer ${known.userToken.slice(0, -4)}AAAA`),
        printable,
      ),
      'x-guest-session-id': fc.oneof(fc.constant(known.guest), fc.constant(newGuestId()), printable),
      'content-type': fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
      ),
    },
    { requiredKeys: [] },
  );

/** One arbitrary request to a route: its path with parameters filled, a query string, headers and a body. */
const requestTo = (route: RegisteredRoute, known: Known) =>
  fc.record({
    params: fc.array(pathValue(known), { minLength: 4, maxLength: 4 }),
    query: fc.dictionary(printable, anyText, { maxKeys: 3 }),
    headers: headersOf(known),
    body: route.method === 'GET' ? fc.constant(undefined) : bodyOf,
  });

/**
 * One database kind: PostgreSQL when TEST_DATABASE_URL is set (production's), else PGlite. The routes'
 * code is the same for both and the authorization matrix and the feature suites run on both; doubling
 * some 100,000 requests would double the suite's time for no route the other kind does not reach.
 */
const KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
/** The JSON endpoints: the API (with code sharing's) and the MCP transports; not pages, git or the sign-in provider. */
const JSON_ROUTE = /\/api\/|^\/mcp(_tools)?(\/|$)/;
/** Routes fuzzed side by side: enough to keep the server busy on two cores without queueing for minutes. */
const CONCURRENCY = 16;

/**
 * Why a 4xx JSON body is not the API's error shape, or null when it is. JSON-RPC answers of the MCP
 * transports keep their protocol's shape.
 */
function errorShapeProblem(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'a JSON content type with a body that is not JSON';
  }
  if (typeof body !== 'object' || body === null) return 'not an object';
  if ('jsonrpc' in body) return null;
  if (!('code' in body) || !isErrorCode(body.code)) return 'no code of the contract';
  if (!('detail' in body) || typeof body.detail !== 'string') return 'no detail';
  return null;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

describe(`fuzzing every API route (${KIND})`, () => {
  // Through app.inject (the routes' answers are the subject, not the socket), started as a server is;
  // unlogged, as the test servers are (a debug line or two per request, kept in memory, for 80,000 requests).
  const server = useTestApp(
    { ...SECURITY_SUITE_ENV, AGENT_WORKER: 'false', ADMIN_EMAILS: 'fuzz-admin@example.com', LOG_LEVEL: 'silent' },
    { kind: KIND, started: true },
  );
  let known: Known;

  beforeAll(async () => {
    const user = await signIn(server, { email: 'fuzz-user@example.com' });
    const admin = await signIn(server, { email: 'fuzz-admin@example.com' });
    const guestTask = await seedTask(server.database.db);
    const userTask = await seedTask(server.database.db, { ownerId: user.user.uid, status: 'PENDING_ACCEPTANCE' });
    known = {
      ids: [
        guestTask.conversationId,
        guestTask.taskId,
        guestTask.proposalMessageId,
        userTask.conversationId,
        userTask.taskId,
        userTask.proposalMessageId,
        user.user.uid,
        'dev',
      ],
      guest: guestTask.ownerId,
      userToken: user.token,
      adminToken: admin.token,
    };
  }, 180_000);

  it(`answers ${RUNS} arbitrary requests per API route without a 5xx or a leak, each 4xx JSON answer coded`, async () => {
    const routes = registeredRoutes(server.app).filter((route) => JSON_ROUTE.test(route.path));
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let requests = 0;
    const started = performance.now();
    // Routes run side by side (CONCURRENCY at a time); each one's runs in turn, so fast-check can shrink a failure.
    await eachLimited(routes, CONCURRENCY, async (route) => {
      const result = await fc.check(
        fc.asyncProperty(requestTo(route, known), async ({ params, query, headers, body }) => {
          const values = [...params];
          const path = route.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values.shift()!));
          const search = new URLSearchParams(query).toString();
          requests += 1;
          // An event stream does not end: its status is the answer (rawRequest closes it).
          const answer = await rawRequest(server, `${path}${search ? `?${search}` : ''}`, { method: route.method, headers, body });
          if (answer.status >= 500 || LEAK.test(answer.text)) throw new Error(`${answer.status} ${answer.text.slice(0, 300)}`);
          const json = answer.headers['content-type']?.startsWith('application/json');
          const problem = answer.status >= 400 && json ? errorShapeProblem(answer.text) : null;
          if (problem) throw new Error(`${answer.status} ${problem}: ${answer.text.slice(0, 300)}`);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        const why = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(`${route.method} ${route.path}: ${why} for ${fc.stringify(result.counterexample)} (seed ${result.seed})`);
      }
    });
    // The figures the README's "Security tests" section quotes.
    console.info(
      `fuzz (${KIND}): ${routes.length} routes × ${RUNS} runs, ${requests} requests in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    expect(failures).toEqual([]);
  }, 1_200_000);
});
