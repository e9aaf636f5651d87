import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.ts';
import { newGuestId } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInWithDevProvider } from '../support/sign-in.ts';
import { useTestServer } from '../support/test-server.ts';
import { registeredRoutes, type RegisteredRoute } from './registered-routes.ts';

/*
 * Property-based fuzzing of every API route (issue 6 "Tests and done"): arbitrary path parameters,
 * query strings, bodies, body types and Authorization / guest headers, FUZZ_RUNS per route. No answer
 * may be a 5xx, and no body may show a stack trace or an internal error's text.
 */

/** Runs per route: 1,000 by default (issue 6); FUZZ_RUNS raises it for a longer hunt. */
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

describe.each(databaseKinds)('fuzzing every API route (%s)', (kind) => {
  const server = useTestServer(kind, {
    AGENT_WORKER: 'false',
    ADMIN_EMAILS: 'fuzz-admin@example.com',
    SIGN_IN_RATE_LIMIT: '1000000',
    ACCESS_REQUEST_LIMIT: '1000000',
  });
  let known: Known;

  beforeAll(async () => {
    const user = await signInWithDevProvider(server.url, { email: 'fuzz-user@example.com' });
    const admin = await signInWithDevProvider(server.url, { email: 'fuzz-admin@example.com' });
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

  it(`answers ${RUNS} arbitrary requests per API route without a 5xx or a leak`, async () => {
    const routes = registeredRoutes(server.app).filter((route) => route.path.includes('/api/'));
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    // Routes run side by side; each one's runs in turn, so fast-check can shrink a failure.
    await Promise.all(
      routes.map(async (route) => {
        const result = await fc.check(
          fc.asyncProperty(requestTo(route, known), async ({ params, query, headers, body }) => {
            const values = [...params];
            const path = route.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values.shift()!));
            const search = new URLSearchParams(query).toString();
            const response = await fetch(`${server.url}${path}${search ? `?${search}` : ''}`, { method: route.method, headers, body });
            const answer = { status: response.status, text: await response.text() };
            if (answer.status >= 500 || LEAK.test(answer.text)) throw new Error(`${answer.status} ${answer.text.slice(0, 300)}`);
          }),
          { numRuns: RUNS, endOnFailure: true },
        );
        if (result.failed) {
          const why = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
          failures.push(`${route.method} ${route.path}: ${why} for ${fc.stringify(result.counterexample)} (seed ${result.seed})`);
        }
      }),
    );
    expect(failures).toEqual([]);
  }, 1_200_000);
});
