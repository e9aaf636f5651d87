// Load and latency measurements for `npm run bench` (issue 12, "Benchmarks"): idle polls against a raw
// node:http server, the database share of idle polls, many slow pollers on one instance, send-to-visible
// over the event stream vs polling, and POST /api/v2/messages against pgbench inserts. Clients use
// node:http keep-alive agents (no extra dependency). All figures are from one run on one machine.
import { execFile, spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { identityHeaders, newGuestId, sendMessage, waitForAgentReply, type Identity } from '../test/support/http.ts';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

interface Answer {
  status: number;
  ms: number;
  etag?: string;
  body: string;
}

/** One GET over a keep-alive agent; resolves with status, latency in ms, ETag and body. */
function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, etag: response.headers.etag, body }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

/**
 * Closed-loop load: `connections` keep-alive connections each send the next request when the previous
 * answers, for `seconds`. Errors are network failures and statuses other than `okStatus`.
 */
export async function closedLoop(
  url: URL,
  headers: Record<string, string>,
  okStatus: number,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        try {
          const answer = await get(agent, url, headers);
          if (answer.status === okStatus) latencies.push(answer.ms);
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requestsPerSecond: Math.round(latencies.length / elapsed), p99Ms: round1(percentile(latencies, 99)), errors };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A raw node:http server in its own process answering every request with `body` (JSON); stop() ends it. */
export async function startRawServer(body: string): Promise<{ url: URL; stop(): void }> {
  const source = `const b=Buffer.from(process.env.BODY);require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json; charset=utf-8','content-length':b.length});s.end(b)}).listen(0,'127.0.0.1',function(){console.log(this.address().port)})`;
  const child = spawn(process.execPath, ['-e', source], { env: { ...process.env, BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  return { url: new URL(`http://127.0.0.1:${port}/`), stop: () => child.kill() };
}

/** A conversation with one guest message and agent-1's reply; returns who owns it and its read URL. */
export async function conversationWithReply(baseUrl: string): Promise<{ identity: Identity; id: string; url: URL }> {
  const identity = { guest: newGuestId() };
  const sent = await sendMessage(baseUrl, identity, { content: 'My Docker build fails with "no space left on device" on CI' });
  if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent)}`);
  await waitForAgentReply(baseUrl, identity, sent.body.conversation_id, sent.body.id);
  return { identity, id: sent.body.conversation_id, url: new URL(`${baseUrl}/api/v2/conversations/${sent.body.conversation_id}/messages`) };
}

/**
 * Idle polls of one unchanged conversation (200 without If-None-Match, 304 with it) against a raw
 * node:http server answering the same JSON, each at `connections` connections for `seconds`.
 */
export async function idlePolls(baseUrl: string, connections: number, seconds: number) {
  const conversation = await conversationWithReply(baseUrl);
  const headers = identityHeaders(conversation.identity);
  const first = await get(new http.Agent(), conversation.url, headers);
  const raw = await startRawServer(first.body);
  try {
    const rawResult = await closedLoop(raw.url, {}, 200, connections, seconds);
    const full = await closedLoop(conversation.url, headers, 200, connections, seconds);
    const notModified = await closedLoop(conversation.url, { ...headers, 'if-none-match': first.etag ?? '' }, 304, connections, seconds);
    return { bodyBytes: Buffer.byteLength(first.body), raw: rawResult, full, notModified, conversation, etag: first.etag ?? '' };
  } finally {
    raw.stop();
  }
}

/** Committed transactions of one PostgreSQL database so far (pg_stat_database, flushed about once a second). */
async function committed(adminUrl: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_stat_clear_snapshot()');
    const result = await client.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [
      database,
    ]);
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL only: transactions per idle poll. The compiled server has no query counter (only tests
 * reach `database.queryCount()`), so this counts the test database's committed transactions during
 * `seconds` of idle polls minus those of an equal window without polls (the job queue's own polling);
 * every statement outside an explicit transaction commits one.
 */
export async function databaseShareOfIdlePolls(
  databaseUrl: string,
  conversation: { url: URL; identity: Identity },
  etag: string,
  seconds: number,
) {
  const adminUrl = new URL(databaseUrl);
  const database = adminUrl.pathname.slice(1);
  adminUrl.pathname = '/postgres';
  const settle = () => sleep(1500);
  await settle();
  const idleStart = await committed(adminUrl.toString(), database);
  await sleep(seconds * 1000);
  await settle();
  const idleEnd = await committed(adminUrl.toString(), database);
  const headers = identityHeaders(conversation.identity);
  const result = await closedLoop(conversation.url, { ...headers, 'if-none-match': etag }, 304, 10, seconds);
  await settle();
  const pollEnd = await committed(adminUrl.toString(), database);
  const polls = Math.round(result.requestsPerSecond * seconds);
  const extra = Math.max(0, pollEnd - idleEnd - (idleEnd - idleStart));
  return {
    polls,
    transactionsWithoutPolls: idleEnd - idleStart,
    transactionsWithPolls: pollEnd - idleEnd,
    transactionsPerPoll: polls ? Math.round((extra / polls) * 1000) / 1000 : 0,
  };
}

/**
 * `clients` simulated browsers, each with its own keep-alive connection, polling one of `conversations`
 * every `intervalMs` (If-None-Match, as the web app does) for `seconds`; starts spread over one interval.
 */
export async function manyPollers(baseUrl: string, clients: number, seconds: number, intervalMs = 3000, conversations = 20) {
  const targets = await Promise.all(Array.from({ length: Math.min(conversations, clients) }, () => conversationWithReply(baseUrl)));
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const fail = (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1);
  const end = performance.now() + seconds * 1000;
  const agents: http.Agent[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const target = targets[i % targets.length]!;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      const headers = identityHeaders(target.identity);
      let etag = '';
      await sleep(Math.random() * intervalMs);
      while (performance.now() < end) {
        const tick = performance.now();
        try {
          const answer = await get(agent, target.url, etag ? { ...headers, 'if-none-match': etag } : headers);
          if (answer.status === 200 || answer.status === 304) {
            latencies.push(answer.ms);
            etag = answer.etag ?? etag;
          } else fail(`HTTP ${answer.status}`);
        } catch (error) {
          fail((error as NodeJS.ErrnoException).code ?? 'error');
        }
        await sleep(Math.max(0, intervalMs - (performance.now() - tick)));
      }
    }),
  );
  for (const agent of agents) agent.destroy();
  return {
    clients,
    seconds,
    requests: latencies.length,
    p50Ms: round1(percentile(latencies, 50)),
    p99Ms: round1(percentile(latencies, 99)),
    errors: [...errors].map(([kind, n]) => `${kind}×${n}`).join(', ') || '0',
  };
}

/** Opens a conversation's event stream; resolves once `ready` arrived; `waitFor` resolves at the first matching message. */
async function openEvents(baseUrl: string, identity: Identity, conversationId: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/v2/conversations/${conversationId}/events`, {
    headers: identityHeaders(identity),
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`events answered ${response.status}`);
  const listeners: Array<(message: any) => void> = [];
  let readyResolve!: () => void;
  const ready = new Promise<void>((resolve) => (readyResolve = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (/^event: ready$/m.test(event)) readyResolve();
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (/^event: message$/m.test(event) && data) for (const listener of listeners) listener(JSON.parse(data));
        }
      }
    } catch {
      // aborted
    }
  })();
  await ready;
  return {
    waitFor: (match: (message: any) => boolean) => new Promise<void>((resolve) => listeners.push((message) => match(message) && resolve())),
    close: () => abort.abort(),
  };
}

/**
 * Send-to-visible: for each of `trials` conversations, the time from POST /api/v2/messages to agent-1's
 * reply reaching a client on the event stream and a client polling every `intervalMs` (random phase).
 */
export async function sendToVisible(baseUrl: string, trials: number, intervalMs = 3000) {
  const stream: number[] = [];
  const polling: number[] = [];
  for (let i = 0; i < trials; i += 1) {
    const conversation = await conversationWithReply(baseUrl);
    const events = await openEvents(baseUrl, conversation.identity, conversation.id);
    const agent = new http.Agent({ keepAlive: true });
    const headers = identityHeaders(conversation.identity);
    const started = performance.now();
    const phase = Math.random() * intervalMs;
    const sent = await sendMessage(baseUrl, conversation.identity, {
      content: `And the cache volume is full too (trial ${i})`,
      conversationId: conversation.id,
    });
    if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent)}`);
    const isReply = (m: any) => m.sender_id === 'agent-1' && m.reply_to_message_id === sent.body.id;
    const seenOnStream = events.waitFor(isReply).then(() => stream.push(performance.now() - started));
    const seenByPolling = (async () => {
      await sleep(phase);
      for (;;) {
        const answer = await get(agent, conversation.url, headers);
        if (answer.status === 200 && (JSON.parse(answer.body) as any[]).some(isReply)) return polling.push(performance.now() - started);
        await sleep(intervalMs);
      }
    })();
    await Promise.all([seenOnStream, seenByPolling]);
    events.close();
    agent.destroy();
  }
  return {
    trials,
    streamP50Ms: Math.round(percentile(stream, 50)),
    streamP95Ms: Math.round(percentile(stream, 95)),
    pollingP50Ms: Math.round(percentile(polling, 50)),
    pollingP95Ms: Math.round(percentile(polling, 95)),
  };
}

/** POST /api/v2/messages (each a new guest's first message) at `concurrency` for `seconds`: messages stored per second. */
export async function postThroughput(baseUrl: string, concurrency: number, seconds: number) {
  let stored = 0;
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const sent = await sendMessage(
          baseUrl,
          { guest: newGuestId() },
          { content: 'Vite dev server hot reload stopped working after upgrade' },
        ).catch(() => null);
        if (sent?.status === 200) stored += 1;
        else errors += 1;
      }
    }),
  );
  return { messagesPerSecond: Math.round(stored / ((performance.now() - started) / 1000)), stored, errors };
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat(5), i.e. 11 and 12 after the command's name.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time (ms) of the PostgreSQL backends serving `databaseUrl`'s database, when PostgreSQL runs on
 * this machine and /proc shows its processes (their title names the database); else null.
 */
async function backendCpuMs(databaseUrl: string): Promise<number | null> {
  const name = new URL(databaseUrl).pathname.slice(1);
  let total = 0;
  let found = false;
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const title = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!title.startsWith('postgres: ') || !title.includes(` ${name} `)) continue;
    found = true;
    total += await cpuMs(Number(pid)).catch(() => 0);
  }
  return found ? total : null;
}

/** Committed transactions of the database so far (statistics are flushed within about a second). */
async function commits(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await sleep(1500);
    const { rows } = await client.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = current_database()');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * What a run of {@link postThroughput} cost, per stored message: the server process's CPU
 * milliseconds and, on PostgreSQL (`databaseUrl`), its backends' CPU milliseconds (same machine only)
 * and the database's committed transactions (everything it did meanwhile, agent turns and the job
 * queue's own included). Less affected by other load on the machine than messages per second.
 */
export async function sendCost(serverPid: number, databaseUrl: string | undefined, run: () => ReturnType<typeof postThroughput>) {
  const commitsBefore = databaseUrl ? await commits(databaseUrl) : 0;
  const backendBefore = databaseUrl ? await backendCpuMs(databaseUrl) : null;
  const cpuBefore = await cpuMs(serverPid);
  const result = await run();
  const cpuAfter = await cpuMs(serverPid);
  const backendAfter = databaseUrl ? await backendCpuMs(databaseUrl) : null;
  const commitsAfter = databaseUrl ? await commits(databaseUrl) : 0;
  const per = (value: number) => (result.stored ? Number((value / result.stored).toFixed(1)) : NaN);
  return {
    ...result,
    cpuMsPerPost: per(cpuAfter - cpuBefore),
    // Backends that closed during the run are missed; the app's pool keeps its connections open.
    databaseCpuMsPerPost: backendBefore !== null && backendAfter !== null ? per(backendAfter - backendBefore) : null,
    transactionsPerPost: databaseUrl ? per(commitsAfter - commitsBefore) : null,
  };
}

/**
 * pgbench with one single-row INSERT per transaction into a scratch table of the same PostgreSQL
 * database, at `concurrency` clients for `seconds`. Returns transactions per second, or the failure.
 */
export async function pgbenchInserts(databaseUrl: string, concurrency: number, seconds: number): Promise<number | string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    'CREATE TABLE IF NOT EXISTS bench_scratch (id bigserial PRIMARY KEY, body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
  );
  await client.end();
  const dir = await mkdtemp(join(tmpdir(), 'unstuck-pgbench-'));
  const script = join(dir, 'insert.sql');
  await writeFile(script, "INSERT INTO bench_scratch (body) VALUES ('Vite dev server hot reload stopped working after upgrade');\n");
  try {
    const { stdout } = await promisify(execFile)(process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench', [
      '-n',
      '-f',
      script,
      '-c',
      String(concurrency),
      '-j',
      '2',
      '-T',
      String(seconds),
      databaseUrl,
    ]);
    return Math.round(Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN));
  } catch (error) {
    return `pgbench failed: ${(error as Error).message.split('\n')[0]}`;
  }
}
