import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import Provider, { type Adapter, type AdapterFactory, type AdapterPayload } from 'oidc-provider';

/** The person the external provider signs in, as its ID token and UserInfo describe them. */
export interface ExternalAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
}

/**
 * A separately started OpenID provider playing an external one (Google-like): its own issuer on
 * 127.0.0.1, a registered confidential client that must authenticate with client_secret_post
 * (as LinkedIn does), claims only through UserInfo, and a person who is already signed in there,
 * so login and consent are answered without a page.
 */
export interface ExternalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in is, or `deny` to answer access_denied (the person pressed Cancel). */
  account: ExternalAccount | 'deny';
  /** Registers our callback URL and starts answering (our server's URL is known only now). */
  register(redirectUri: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the external provider on a free port; call `register` once our server listens. */
export async function startExternalProvider(account: ExternalAccount): Promise<ExternalProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => unknown) | null = null;
  const server: Server = createServer((req, res) => {
    if (handler) return handler(req, res);
    res.statusCode = 503;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const external: ExternalProvider = {
    issuer,
    clientId: 'unstuck-test-client',
    clientSecret: randomBytes(24).toString('base64url'),
    account,
    async register(redirectUri) {
      const provider = await buildProvider(external, redirectUri);
      handler = provider.callback();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return external;
}

async function buildProvider(external: ExternalProvider, redirectUri: string): Promise<Provider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const provider = new Provider(external.issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: external.clientId,
        client_secret: external.clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    clientAuthMethods: ['client_secret_post'],
    jwks: { keys: [{ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }] as never },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 300, Interaction: 300, Session: 300, Grant: 300 },
    async findAccount(_ctx, sub) {
      const person = external.account;
      return person !== 'deny' && person.sub === sub ? { accountId: sub, claims: () => ({ ...person }) } : undefined;
    },
  });
  // The person is signed in at the provider already: login and consent need no page.
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next();
    ctx.respond = false;
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const person = external.account;
    if (person === 'deny') {
      return provider.interactionFinished(ctx.req, ctx.res, { error: 'access_denied', error_description: 'The person refused' });
    }
    if (details.prompt.name === 'login') return provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: person.sub } });
    const grant = new provider.Grant({ accountId: person.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    return provider.interactionFinished(ctx.req, ctx.res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  });
  return provider;
}

/** oidc-provider's adapter contract over a Map (this provider lives as long as one test file). */
function memoryAdapter(): AdapterFactory {
  const rows = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  return (model): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    const live = () =>
      [...rows.entries()].filter(([k, row]) => k.startsWith(`${model}:`) && row.expiresAt > Date.now()).map(([, row]) => row.payload);
    return {
      async upsert(id, payload, expiresIn) {
        rows.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      },
      async find(id) {
        const row = rows.get(key(id));
        return row && row.expiresAt > Date.now() ? row.payload : undefined;
      },
      async findByUid(uid) {
        return live().find((payload) => payload.uid === uid);
      },
      async findByUserCode(userCode) {
        return live().find((payload) => payload.userCode === userCode);
      },
      async consume(id) {
        const row = rows.get(key(id));
        if (row) row.payload = { ...row.payload, consumed: Math.floor(Date.now() / 1000) };
      },
      async destroy(id) {
        rows.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, row] of rows) if (row.payload.grantId === grantId) rows.delete(k);
      },
    };
  };
}
