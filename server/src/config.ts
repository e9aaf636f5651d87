import { isIP } from 'node:net';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

const optionalUrl = z.url().optional();

/** `a, b` → `['a', 'b']`. */
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** `a@x.com, B@y.org` → `['a@x.com', 'b@y.org']`: admin emails compare case-insensitively. */
const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('must be a comma-separated list of email addresses')));

/** proxy-addr's names for address ranges (loopback, link-local, unique-local). */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** `10.0.0.0/8`, `::1`, `loopback`: an address, a CIDR range or a named range proxy-addr knows. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (docs/decisions/042-proxy-trust.md): the proxies whose
 * forwarded headers (X-Forwarded-For/-Proto/-Host) to believe, as Fastify's `trustProxy` takes
 * them. Unset, `false` or `off`: none, the socket's address is the client's. Otherwise a
 * comma-separated list of addresses, CIDR ranges or proxy-addr range names. A hop count is
 * refused: Fastify 5 ignores one, since it cannot tell a proxy from a client that connects directly.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | string[] => {
    if (['false', 'off', 'no'].includes(value)) return false;
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `must list the proxies' IP addresses or CIDR ranges, comma-separated (or loopback, linklocal, uniquelocal)${bad ? `: "${bad}" is none of these` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * SMTP_URL: where emails are sent, `smtp://` (STARTTLS when the server offers it) or `smtps://`
 * (TLS from the start), with optional `user:pass@` and port, as nodemailer takes it. The secret is
 * never echoed in the error.
 */
const smtpUrl = z.string().refine(
  (value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '' && url.pathname.replace('/', '') === '';
  },
  { message: 'must be an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.com:465' },
);

/** A mailbox as RFC 5322 writes it, `Name <address>` or a bare address, split into its parts. */
export interface Mailbox {
  name: string | null;
  address: string;
}

/**
 * MAIL_FROM: `Unstuck <no-reply@example.com>` or `no-reply@example.com`. The name may not hold line
 * breaks or angle brackets (they would forge headers); quotes around it are dropped.
 */
const mailbox = z.string().transform((value, ctx): Mailbox => {
  const match = /^(?:([^<>\r\n]*?)\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(value.trim());
  const address = match?.[2] ?? match?.[3] ?? '';
  if (!match || !z.email().safeParse(address).success) {
    ctx.addIssue({ code: 'custom', message: 'must be an email address, or a name and one: Unstuck <no-reply@example.com>' });
    return z.NEVER;
  }
  const name = match[1]?.replace(/^"(.*)"$/, '$1').trim();
  return { name: name ? name : null, address };
});

/**
 * Every environment variable the server reads, with its default (README "Configuration" lists the
 * same). Parsed once at start-up by {@link loadConfig}.
 */
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // Defaults by NODE_ENV below: development listens on loopback only.
    HOST: z.string().min(1).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(8_000),
    PUBLIC_URL: optionalUrl,
    TRUST_PROXY: trustProxy.default(false),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    AUTH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    PRODUCT_NAME: z.string().min(1).default('Unstuck'),
    AI_NAME: z.string().min(1).default('Unstuck AI'),
    AGENT_HOURLY_RATE: z.coerce.number().positive().default(95),
    AGENT_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
      .default('USD'),
    // Payments (docs/decisions/093-payments.md): off unless a provider is named.
    PAYMENTS_PROVIDER: z.enum(['manual', 'stripe']).optional(),
    PAYMENT_INSTRUCTIONS: z.string().max(2000).default(''),
    PAYMENT_BEFORE_WORK: booleanFlag.optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_API_URL: optionalUrl,
    AGENT_WORKER: booleanFlag.default(true),
    AGENT_MODE: z.enum(['builtin', 'external']).default('builtin'),
    MCP_ALLOWED_HOSTS: commaList
      .pipe(z.array(z.string().regex(/^[A-Za-z0-9.\-[\]:]+$/, 'must be a comma-separated list of host names')))
      .default([]),
    MCP_ALLOWED_ORIGINS: commaList
      .pipe(z.array(z.url({ message: 'must be a comma-separated list of origins such as https://app.example.com' })))
      .transform((origins) => origins.map((origin) => new URL(origin).origin))
      .default([]),
    // Open MCP sessions and streams one agent key may hold on one instance (docs/decisions/082-mcp-sessions-per-key.md).
    MCP_SESSIONS_PER_KEY: z.coerce.number().int().min(1).max(10_000).default(10),
    AGENT_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    // pg-boss refuses heartbeats under 10 s.
    AGENT_JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(10),
    AGENT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    LLM_PROVIDER: z.enum(['openai-compatible', 'anthropic']).optional(),
    LLM_BASE_URL: optionalUrl,
    LLM_API_KEY: z.string().min(1).optional(),
    LLM_MODEL: z.string().min(1).optional(),
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    LINKEDIN_CLIENT_ID: z.string().min(1).optional(),
    LINKEDIN_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_PROVIDER_NAME: z.string().min(1).default('Single sign-on'),
    EMBEDDED_OIDC: booleanFlag.optional(),
    ADMIN_EMAILS: emailList.default([]),
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    DEBUG_PAGES: booleanFlag.optional(),
    SHARE_LINK_FAILURE_LIMIT: z.coerce.number().int().min(1).default(20),
    ACCESS_REQUEST_LIMIT: z.coerce.number().int().min(1).default(5),
    // The expected first reply shown while fewer than 5 tasks measured one (docs/product.md "Expected first reply").
    EXPERT_RESPONSE_DEFAULT_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(30 * 24 * 60)
      .optional(),
    GITHUB_TOKEN: z.string().min(1).optional(),
    GITHUB_OWNER: z.string().min(1).optional(),
    GITHUB_API_URL: z.url().default('https://api.github.com'),
    GITHUB_INVITE: z.enum(['email', 'none']).default('email'),
    CODE_ARCHIVE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(50 * 1024 * 1024),
    CODE_ARCHIVE_MAX_FILES: z.coerce.number().int().min(1).default(10_000),
    CODE_ARCHIVE_MAX_RATIO: z.coerce.number().min(1).default(100),
    // The code analysis worker threads (docs/decisions/025-code-analysis-jobs.md).
    CODE_ANALYSIS_THREADS: z.coerce.number().int().min(1).max(16).default(1),
    CODE_ANALYSIS_MAX_MEMORY_MB: z.coerce.number().int().min(16).default(512),
    CODE_ANALYSIS_TIMEOUT_SECONDS: z.coerce.number().min(1).default(120),
    CODE_ANALYSIS_MAX_CPU_SECONDS: z.coerce.number().min(0.1).default(60),
    GIT_PUSH_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(100 * 1024 * 1024),
    // What one local repository may hold on disk; a push that would take it past this is refused.
    REPOSITORY_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024 * 1024)
      .default(200 * 1024 * 1024),
    MESSAGES_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(120),
    GUEST_SESSIONS_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    UPLOAD_BYTES_PER_HOUR_PER_ADDRESS: z.coerce.number().int().min(1024).default(104_857_600),
    EVENT_STREAMS_PER_CALLER: z.coerce.number().int().min(1).max(1000).default(10),
    // Per-address limits count an IPv6 client by its network of this many bits (lib/client-address.ts).
    CLIENT_IPV6_PREFIX_LENGTH: z.coerce.number().int().min(1).max(128).default(64),
    UPLOADS_MAX_CONCURRENT: z.coerce.number().int().min(1).default(16),
    // An upload body slower than this on average over UPLOAD_RATE_WINDOW_MS is cut with 408 (docs/decisions/083-fair-upload-slots.md).
    UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).default(16_384),
    UPLOAD_RATE_WINDOW_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    FILE_URL_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .default(3600),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: optionalUrl,
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    SMTP_URL: smtpUrl.optional(),
    MAIL_FROM: mailbox.optional(),
    EMAIL_UNREAD_DELAY_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 86_400)
      .default(300),
    // New-task emails to one expert are gathered into one digest per this many seconds (docs/decisions/086-email-digests.md).
    EMAIL_NEW_TASKS_DIGEST_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 86_400)
      .default(900),
    ACCEPTANCES_PER_USER_PER_DAY: z.coerce.number().int().min(1).default(10),
    // Reply by email (docs/decisions/087-reply-by-email.md): off unless a domain is set.
    INBOUND_EMAIL_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name such as reply.example.com')
      .optional(),
    INBOUND_EMAIL_PASSWORD: z.string().min(16, 'must be at least 16 characters').optional(),
    INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.LLM_PROVIDER && !env.LLM_MODEL) {
      ctx.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'is required when LLM_PROVIDER is set' });
    }
    if (env.LLM_PROVIDER === 'openai-compatible' && !env.LLM_BASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['LLM_BASE_URL'], message: 'is required for LLM_PROVIDER=openai-compatible' });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    for (const [id, secret] of [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
    ] as const) {
      if (Boolean(env[id]) !== Boolean(env[secret])) {
        ctx.addIssue({ code: 'custom', path: [env[id] ? secret : id], message: `is required together with ${env[id] ? id : secret}` });
      }
    }
    if (Boolean(env.GITHUB_TOKEN) !== Boolean(env.GITHUB_OWNER)) {
      const [set, missing] = env.GITHUB_TOKEN ? ['GITHUB_TOKEN', 'GITHUB_OWNER'] : ['GITHUB_OWNER', 'GITHUB_TOKEN'];
      ctx.addIssue({ code: 'custom', path: [missing], message: `is required together with ${set}` });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required together with the other S3 key' });
    }
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required when OIDC_ISSUER is set' });
    }
    if (!env.OIDC_ISSUER && env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'is required when OIDC_CLIENT_ID is set' });
    }
    if (env.NODE_ENV === 'production' && env.EMBEDDED_OIDC === true && !env.PUBLIC_URL) {
      // The embedded provider's issuer must be an address browsers reach.
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required when EMBEDDED_OIDC=true and NODE_ENV=production' });
    }
    if (env.NODE_ENV === 'production' && env.SMTP_URL && !env.PUBLIC_URL) {
      // Links in emails would name the container's own address, which nobody outside reaches.
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required when SMTP_URL is set and NODE_ENV=production' });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      // A relay refuses (or a receiver distrusts) a sender of a domain it does not know: say which one.
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' });
    }
    if ((env.INBOUND_EMAIL_PASSWORD || env.INBOUND_SMTP_PORT) && !env.INBOUND_EMAIL_DOMAIN) {
      // Replies come to reply+{token}@{domain}: without the domain no email carries an address to answer.
      const set = env.INBOUND_EMAIL_PASSWORD ? 'INBOUND_EMAIL_PASSWORD' : 'INBOUND_SMTP_PORT';
      ctx.addIssue({ code: 'custom', path: ['INBOUND_EMAIL_DOMAIN'], message: `is required when ${set} is set` });
    }
    if (env.PAYMENTS_PROVIDER === 'stripe') {
      // Without the key nothing can be charged; without the webhook secret nothing could ever be marked paid.
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENTS_PROVIDER=stripe' });
      }
    }
    if (env.NODE_ENV === 'production' && env.OIDC_ISSUER?.startsWith('http:')) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'must be an https:// URL when NODE_ENV=production' });
    }
  })
  .transform((env) => ({
    ...env,
    // Development runs passwordless sign-in and debug calls: only this machine may reach it unless
    // HOST says otherwise. Production (containers, proxies) listens on every interface.
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    // Debug pages default to on except in production (docs/product.md "Screens" "Debug and test pages").
    DEBUG_PAGES: env.DEBUG_PAGES ?? env.NODE_ENV !== 'production',
    // The outbox keeps emails that no server sends: any address serves to show them.
    MAIL_FROM: env.MAIL_FROM ?? { name: env.PRODUCT_NAME, address: 'no-reply@localhost' },
    // Work waits for the deposit by default whenever payments are on; it never waits while they are off.
    PAYMENT_BEFORE_WORK: env.PAYMENTS_PROVIDER ? (env.PAYMENT_BEFORE_WORK ?? true) : false,
  }));

export type Config = z.infer<typeof configSchema>;

/** Thrown by {@link loadConfig} with one line per bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses and validates the environment once.
 * @param env the variables to read (normally `process.env`).
 * @returns the typed configuration with defaults filled in.
 * @throws ConfigError naming every bad variable, e.g. `PORT: Too big: expected number to be <=65535`.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // Treat empty strings as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.') || '(config)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}
