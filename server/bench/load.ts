// Load and latency measurements for `npm run bench`: idle polls against a raw
// node:http server, the database share of idle polls, many slow pollers on one instance, send-to-visible
// over the event stream vs polling, and POST /api/v2/messages against pgbench inserts. The poll loads
// come from wrk (Debian package) in its own process on one thread, so the generator is lean and its CPU
// time is reported beside the server's; the other calls use node:http. All figures are from one run on
// one machine.
import { execFile, spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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
  p50Ms: number;
  p99Ms: number;
  /** wrk's socket errors (connect, read, write, timeout) and answers with a status of 400 or more. */
  errors: number;
  requests: number;
  /** CPU seconds (user + system) of wrk, and of the server when its pid was given. */
  generatorCpuSeconds: number;
  serverCpuSeconds?: number;
  seconds: number;
}

/** One request wrk sends: a path of the server and its headers. */
export interface PollTarget {
  path: string;
  headers: Record<string, string>;
}

const WRK = process.env.WRK ?? 'wrk';
const WRK_SCRIPT = join(import.meta.dirname, 'wrk-requests.lua');

/** CPU seconds (user + system) a live process used so far, from /proc/<pid>/stat (Linux; 100 ticks a second). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Runs one wrk process (Debian package `wrk`; WRK names another binary) on one thread against
 * `targets` in turn, with `connections` keep-alive connections for `seconds`. With `intervalMs` each
 * connection waits that long before each request (a poller); otherwise it sends the next as soon as
 * the last is answered (closed loop). Its open-file limit is raised to the hard limit.
 * @throws when wrk is missing or fails.
 */
async function wrk(
  base: URL,
  targets: PollTarget[],
  connections: number,
  seconds: number,
  intervalMs = 0,
): Promise<Omit<LoadResult, 'serverCpuSeconds'>> {
  const lines = targets.map((t) => [t.path, ...Object.entries(t.headers).map(([name, value]) => `${name}: ${value}`)].join('\t'));
  const env = {
    ...process.env,
    BENCH_WRK_TARGETS: lines.join('\n'),
    BENCH_WRK_INTERVAL_MS: String(intervalMs),
    BENCH_WRK_CONNECTIONS: String(connections),
  };
  const timeout = Math.ceil(intervalMs / 1000) + 10;
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, `--timeout`, `${timeout}s`, '-s', WRK_SCRIPT, base.origin];
  // `times` prints the shell's children's CPU time: wrk's, after it exited.
  const shell = 'ulimit -n "$(ulimit -Hn)"; "$@" || exit $?; times';
  const { stdout } = await promisify(execFile)('sh', ['-c', shell, 'sh', WRK, ...args], { env, maxBuffer: 1 << 20 }).catch(
    (error: Error) => {
      throw new Error(`wrk failed (install Debian's wrk package or set WRK): ${error.message.split('\n')[0]}`);
    },
  );
  const summary = JSON.parse(/^BENCH_WRK (.*)$/m.exec(stdout)?.[1] ?? 'null') as Record<string, number> | null;
  if (!summary) throw new Error(`wrk printed no summary: ${stdout}`);
  const children = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(stdout.trim().split('\n').at(-1) ?? '');
  const generatorCpuSeconds = children
    ? Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4])
    : NaN;
  const elapsed = summary.durationUs! / 1e6;
  return {
    requestsPerSecond: Math.round(summary.requests! / elapsed),
    p50Ms: round1(summary.p50Us! / 1000),
    p99Ms: round1(summary.p99Us! / 1000),
    errors: summary.connect! + summary.read! + summary.write! + summary.timeout! + summary.status!,
    requests: summary.requests!,
    generatorCpuSeconds: round1(generatorCpuSeconds),
    seconds: round1(elapsed),
  };
}

/**
 * Closed-loop load with wrk: `connections` keep-alive connections each send the next request when the
 * previous answers, for `seconds`. One request first must answer `okStatus` (wrk counts only network
 * failures and statuses of 400 or more as errors).
 * @throws when that first answer has another status.
 */
export async function closedLoop(
  url: URL,
  headers: Record<string, string>,
  okStatus: number,
  connections: number,
  seconds: number,
  serverPid?: number,
): Promise<LoadResult> {
  const probe = await get(new http.Agent(), url, headers);
  if (probe.status !== okStatus) throw new Error(`${url.pathname} answered ${probe.status}, not ${okStatus}`);
  const before = serverPid ? await cpuSeconds(serverPid) : 0;
  const result = await wrk(url, [{ path: url.pathname, headers }], connections, seconds);
  return { ...result, serverCpuSeconds: serverPid ? round1((await cpuSeconds(serverPid)) - before) : undefined };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Preloaded into a server process, reports its event-loop delay (see event-loop-delay.mjs). */
export const EVENT_LOOP_PRELOAD = `--import ${join(import.meta.dirname, 'event-loop-delay.mjs')}`;

/**
 * A raw node:http server in its own process answering every request with `body` (JSON); stop() ends
 * it. With `eventLoopFile` it reports its event-loop delay there, as the bench's app server does.
 */
export async function startRawServer(body: string, eventLoopFile?: string): Promise<{ url: URL; pid: number; stop(): void }> {
  const source = `const b=Buffer.from(process.env.BODY);require('node:http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json; charset=utf-8','content-length':b.length});s.end(b)}).listen(0,'127.0.0.1',function(){console.log(this.address().port)})`;
  const env = {
    ...process.env,
    BODY: body,
    ...(eventLoopFile && { NODE_OPTIONS: EVENT_LOOP_PRELOAD, BENCH_EVENT_LOOP_FILE: eventLoopFile }),
  };
  const child = spawn(process.execPath, ['-e', source], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  return { url: new URL(`http://127.0.0.1:${port}/`), pid: child.pid!, stop: () => child.kill() };
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
 * node:http server answering the same JSON, each at `connections` connections for `seconds`; with
 * each run the CPU time the answering server used (`serverPid` is the app's).
 */
export async function idlePolls(baseUrl: string, serverPid: number, connections: number, seconds: number) {
  const conversation = await conversationWithReply(baseUrl);
  const headers = identityHeaders(conversation.identity);
  const first = await get(new http.Agent(), conversation.url, headers);
  const etag = first.etag ?? '';
  const raw = await startRawServer(first.body);
  try {
    const rawResult = await closedLoop(raw.url, {}, 200, connections, seconds, raw.pid);
    const full = await closedLoop(conversation.url, headers, 200, connections, seconds, serverPid);
    const notModified = await closedLoop(conversation.url, { ...headers, 'if-none-match': etag }, 304, connections, seconds, serverPid);
    return { bodyBytes: Buffer.byteLength(first.body), raw: rawResult, full, notModified, conversation, etag };
  } finally {
    raw.stop();
  }
}

/** Server CPU microseconds per answered request of a run. */
export const cpuMicrosPerRequest = (r: LoadResult) => Math.round(((r.serverCpuSeconds ?? NaN) * 1e6) / r.requests);

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

/** `count` conversations, each with a guest's message and agent-1's reply, to be polled by {@link manyPollers}. */
export async function pollTargets(baseUrl: string, count: number): Promise<PollTarget[]> {
  const conversations = await Promise.all(Array.from({ length: count }, () => conversationWithReply(baseUrl)));
  return Promise.all(
    conversations.map(async ({ url, identity }) => {
      const headers = identityHeaders(identity);
      const first = await get(new http.Agent(), url, headers);
      return { path: url.pathname, headers: { ...headers, 'if-none-match': first.etag ?? '' } };
    }),
  );
}

/** Connections per wrk process of {@link manyPollers}: wrk's timer list makes one process with many waiting connections slow. */
const POLLERS_PER_WRK = 500;

/**
 * `clients` simulated browsers, each with its own keep-alive connection, polling `targets` in turn
 * (If-None-Match, as the web app does) every `intervalMs` for `seconds`, their starts spread over one
 * interval; run by wrk processes of {@link POLLERS_PER_WRK} connections each (one wrk with 10,000
 * waiting connections alone adds tens of milliseconds: its timers are a list it walks), started one
 * after another over the first interval. p50 and p99 are
 * the highest of the processes' (an upper bound of the overall figure). Also reports the CPU time of
 * server and generators, and the server's event-loop delay over the run (read through the
 * event-loop-delay.mjs preload: SIGUSR2 makes it write `eventLoopFile`).
 */
export async function manyPollers(
  baseUrl: string,
  server: { pid: number; eventLoopFile: string },
  targets: PollTarget[],
  clients: number,
  seconds: number,
  intervalMs = 3000,
) {
  const eventLoopDelay = async () => {
    await rm(server.eventLoopFile, { force: true });
    process.kill(server.pid, 'SIGUSR2');
    for (let i = 0; i < 50; i += 1) {
      const text = await readFile(server.eventLoopFile, 'utf8').catch(() => null);
      if (text) return JSON.parse(text) as { p50Ms: number; p99Ms: number; maxMs: number; gcTotalMs: number; gcMaxMs: number };
      await sleep(100);
    }
    throw new Error('the server wrote no event-loop delay (is event-loop-delay.mjs preloaded?)');
  };
  await eventLoopDelay();
  const cpuBefore = await cpuSeconds(server.pid);
  const processes = Math.ceil(clients / POLLERS_PER_WRK);
  // Started one after another over the first interval: wrk opens all its connections at once, and
  // 10,000 connections arriving in the same instant stall the server for about a second.
  const runs = await Promise.all(
    Array.from({ length: processes }, async (_, i) => {
      await sleep((i * intervalMs) / processes);
      return wrk(new URL(baseUrl), targets, Math.floor(clients / processes) + (i < clients % processes ? 1 : 0), seconds, intervalMs);
    }),
  );
  const sum = (pick: (r: (typeof runs)[number]) => number) => runs.reduce((total, r) => total + pick(r), 0);
  return {
    clients,
    processes,
    seconds: Math.max(...runs.map((r) => r.seconds)),
    requests: sum((r) => r.requests),
    due: Math.round((clients * seconds) / (intervalMs / 1000)),
    errors: sum((r) => r.errors),
    p50Ms: Math.max(...runs.map((r) => r.p50Ms)),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    generatorCpuSeconds: round1(sum((r) => r.generatorCpuSeconds)),
    serverCpuSeconds: round1((await cpuSeconds(server.pid)) - cpuBefore),
    eventLoop: await eventLoopDelay(),
  };
}

/**
 * The reference for {@link manyPollers}: the same pollers against a raw node:http server (own process)
 * answering a conversation's JSON, so a shortfall the raw server shares is the machine's or the
 * generator's, not the app's.
 */
export async function manyPollersOnRawServer(baseUrl: string, target: PollTarget, clients: number, seconds: number) {
  const { 'if-none-match': _etag, ...headers } = target.headers;
  const body = (await get(new http.Agent(), new URL(target.path, baseUrl), headers)).body;
  const eventLoopFile = join(tmpdir(), `unstuck-bench-raw-event-loop-${process.pid}.json`);
  const raw = await startRawServer(body, eventLoopFile);
  try {
    return await manyPollers(raw.url.origin, { pid: raw.pid, eventLoopFile }, [{ path: '/', headers: {} }], clients, seconds);
  } finally {
    raw.stop();
  }
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
