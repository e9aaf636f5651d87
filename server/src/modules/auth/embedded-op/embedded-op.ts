import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { callbackPath, type IdentityProvider } from '../identity-providers.ts';
import { devErrorPage } from './dev-login-page.ts';
import { createOidcAdapterFactory, DbAdapter } from './op-adapter.ts';
import { loadOrCreateEmbeddedOpSecrets, type EmbeddedOpSecrets } from './op-secrets.ts';

/** Where the embedded provider is mounted on our own server; its issuer is `<origin>/oidc`. */
export const EMBEDDED_OP_PATH = '/oidc';
const CLIENT_ID = 'unstuck-dev';
const SCOPE = 'openid email profile';

/** The embedded provider once it runs: the oidc-provider instance and its Node request handler. */
export interface RunningEmbeddedOp {
  provider: Provider;
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Our client registration at it, used by the same relying-party code as any other provider. */
  identityProvider: IdentityProvider;
}

/**
 * The embedded development OpenID provider (oidc-provider 9): a real issuer with discovery, keys,
 * authorization, token and userinfo endpoints, whose login page takes any email and name.
 */
export interface EmbeddedOp {
  /** Null until {@link EmbeddedOp.start}: the issuer is the server's own URL, known once it listens. */
  readonly running: RunningEmbeddedOp | null;
  /**
   * Builds the provider at `<PUBLIC_URL or baseUrl>/oidc` with keys and client secret kept in the
   * database (the same on every instance).
   * @param baseUrl the address the server listens on, e.g. `http://127.0.0.1:3000`.
   */
  start(baseUrl: string, log: FastifyBaseLogger): Promise<void>;
  /**
   * Records a development account (its id is the lower-cased email) and returns its id.
   * @param name the name typed on the login page, or null.
   */
  saveAccount(email: string, name: string | null): Promise<string>;
}

/** Creates the embedded provider; call `start` after the server listens. */
export function createEmbeddedOp(deps: { db: Db; config: Config }): EmbeddedOp {
  const accounts = new DbAdapter(deps.db, 'DevAccount');
  // In production (EMBEDDED_OIDC=true) anyone can type any email, so it must not count as verified.
  const emailVerified = deps.config.NODE_ENV !== 'production';
  let running: RunningEmbeddedOp | null = null;

  return {
    get running() {
      return running;
    },
    async start(baseUrl, log) {
      // Loaded only when needed: it warns about Node 20 on import and is unused with real providers.
      const { default: ProviderClass } = await import('oidc-provider');
      const secrets = await loadOrCreateEmbeddedOpSecrets(deps.db);
      const issuer = `${new URL(deps.config.PUBLIC_URL ?? baseUrl).origin}${EMBEDDED_OP_PATH}`;
      const redirectUris = callbackOrigins(baseUrl, deps.config).map((origin) => `${origin}${callbackPath('dev')}`);
      const provider = new ProviderClass(
        issuer,
        configuration(secrets, redirectUris, createOidcAdapterFactory(deps.db), async (accountId) => {
          const stored = await accounts.find(accountId);
          if (!stored) return undefined;
          return { sub: accountId, email: String(stored.email), email_verified: emailVerified, name: stored.name as string | null };
        }),
      );
      // Fastify trusts the proxy's X-Forwarded-* headers; the provider must agree (secure cookies, URLs).
      provider.proxy = true;
      // oidc-provider answers its own errors (renderError) and reports unexpected ones here.
      provider.on('server_error', (_ctx: unknown, error: unknown) => log.error({ err: error }, 'embedded OpenID provider failed'));
      running = {
        provider,
        handle: provider.callback(),
        identityProvider: {
          id: 'dev',
          name: 'Development sign-in',
          issuer,
          clientId: CLIENT_ID,
          clientSecret: secrets.clientSecret,
          pkce: true,
          nonce: true,
          // Always show the login page, so that a developer can switch between accounts.
          authorizationParams: { prompt: 'login' },
        },
      };
    },
    async saveAccount(email, name) {
      const accountId = email.trim().toLowerCase();
      await accounts.upsert(accountId, { email: accountId, name });
      return accountId;
    },
  };
}

type AccountClaims = { sub: string; email: string; email_verified: boolean; name: string | null };

function configuration(
  secrets: EmbeddedOpSecrets,
  redirectUris: string[],
  adapter: Configuration['adapter'],
  findClaims: (accountId: string) => Promise<AccountClaims | undefined>,
): Configuration {
  return {
    adapter,
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: secrets.clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: secrets.jwks,
    cookies: { keys: secrets.cookieKeys },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${EMBEDDED_OP_PATH}/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    async findAccount(_ctx, sub) {
      const claims = await findClaims(sub);
      return claims ? { accountId: sub, claims: () => claims } : undefined;
    },
    loadExistingGrant,
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = devErrorPage(out.error_description ?? out.error);
    },
  };
}

/**
 * Our own client is first-party: grant it the scope without a consent screen (oidc-provider's
 * documented way to skip consent is to return a grant from `loadExistingGrant`).
 */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { client, session, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const grant =
    (grantId ? await provider.Grant.find(grantId) : undefined) ??
    new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(SCOPE);
  await grant.save();
  return grant;
}

/**
 * Origins whose callback our client at the embedded provider may use: PUBLIC_URL, and outside
 * production the server's own address under both loopback names a browser may use.
 */
function callbackOrigins(baseUrl: string, config: Config): string[] {
  const origins = new Set<string>();
  if (config.PUBLIC_URL) origins.add(new URL(config.PUBLIC_URL).origin);
  if (config.NODE_ENV !== 'production') {
    const base = new URL(baseUrl);
    origins.add(base.origin);
    if (base.hostname === '127.0.0.1' || base.hostname === 'localhost') {
      for (const hostname of ['127.0.0.1', 'localhost']) {
        const alias = new URL(base);
        alias.hostname = hostname;
        origins.add(alias.origin);
      }
    }
  }
  return [...origins];
}
