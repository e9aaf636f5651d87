import * as oidc from 'openid-client';
import type { IdentityProvider } from './identity-providers.ts';

/** Who the provider says signed in (ID token claims, completed by the UserInfo response). */
export interface ProviderIdentity {
  /** The ID token's `iss`; with `subject` it identifies the person for good (OpenID Core §2). */
  issuer: string;
  subject: string;
  email: string | null;
  /** True only when the provider asserts it (`email_verified`, OpenID Core §5.1). */
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** What the callback must check against what the login request sent. */
export interface AuthorizationChecks {
  state: string;
  codeVerifier: string | null;
  nonce: string | null;
}

/** The OpenID Connect relying party (openid-client 6): authorization code flow with PKCE. */
export interface RelyingParty {
  /**
   * The provider's authorization URL (RFC 6749 §4.1.1) with `state`, the S256 PKCE challenge
   * (RFC 7636) and `nonce`, as the provider allows.
   * @throws openid-client or network errors when the provider cannot be discovered.
   */
  authorizationUrl(provider: IdentityProvider, redirectUri: string, checks: AuthorizationChecks): Promise<URL>;
  /**
   * Validates the callback (state, `iss` of RFC 9207 when offered), exchanges the code, validates
   * the ID token (signature, issuer, audience, expiry, nonce) and reads the UserInfo endpoint.
   * @param callbackUrl the redirect URI with the query the provider sent.
   * @throws openid-client errors (AuthorizationResponseError, ResponseBodyError, ClientError) or network errors.
   */
  finish(provider: IdentityProvider, callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderIdentity>;
}

const SCOPE = 'openid email profile';
const REQUEST_TIMEOUT_SECONDS = 10;

/** Creates the relying party; discovery documents are fetched on first use and kept per issuer. */
export function createRelyingParty(): RelyingParty {
  const configurations = new Map<string, Promise<oidc.Configuration>>();
  const configurationFor = (provider: IdentityProvider) => {
    const key = `${provider.id} ${provider.issuer}`;
    let found = configurations.get(key);
    if (!found) {
      found = discover(provider);
      // A failed discovery (provider down) is retried by the next sign-in instead of being kept.
      found.catch(() => configurations.delete(key));
      configurations.set(key, found);
    }
    return found;
  };

  return {
    async authorizationUrl(provider, redirectUri, checks) {
      const config = await configurationFor(provider);
      const parameters: Record<string, string> = {
        ...provider.authorizationParams,
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: checks.state,
      };
      if (checks.codeVerifier) {
        parameters.code_challenge = await oidc.calculatePKCECodeChallenge(checks.codeVerifier);
        parameters.code_challenge_method = 'S256';
      }
      if (checks.nonce) parameters.nonce = checks.nonce;
      return oidc.buildAuthorizationUrl(config, parameters);
    },

    async finish(provider, callbackUrl, checks) {
      const config = await configurationFor(provider);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.codeVerifier ?? undefined,
        expectedNonce: checks.nonce ?? undefined,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new oidc.ClientError('the provider returned no ID token');
      const userInfo = config.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub) : {};
      const claims: Record<string, unknown> = { ...idToken, ...userInfo };
      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: text(claims.name),
        picture: text(claims.picture),
      };
    },
  };
}

/**
 * Discovers the provider (OpenID Discovery 1.0) and picks our client authentication from what its
 * token endpoint supports (RFC 8414 `token_endpoint_auth_methods_supported`, default
 * client_secret_basic): LinkedIn, for one, accepts only client_secret_post.
 */
async function discover(provider: IdentityProvider): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer);
  // Plain http is only for the embedded provider and local test providers (config refuses it in production).
  const insecure = issuer.protocol === 'http:';
  const discovered = await oidc.discovery(issuer, provider.clientId, undefined, oidc.None(), {
    execute: insecure ? [oidc.allowInsecureRequests] : [],
    timeout: REQUEST_TIMEOUT_SECONDS,
  });
  const metadata = discovered.serverMetadata();
  const config = new oidc.Configuration(
    metadata,
    provider.clientId,
    provider.clientSecret,
    clientAuthentication(metadata, provider.clientSecret),
  );
  config.timeout = REQUEST_TIMEOUT_SECONDS;
  if (insecure) oidc.allowInsecureRequests(config);
  return config;
}

function clientAuthentication(metadata: oidc.ServerMetadata, secret: string | undefined): oidc.ClientAuth {
  if (!secret) return oidc.None();
  const supported = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (!supported.includes('client_secret_basic') && supported.includes('client_secret_post')) return oidc.ClientSecretPost(secret);
  return oidc.ClientSecretBasic(secret);
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
