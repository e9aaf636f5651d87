import type { IdentityProviderId } from '@unstuck/contract';
import type { Config } from '../../config.ts';

/** An OpenID Connect issuer we sign people in with, and our client registration there. */
export interface IdentityProvider {
  id: IdentityProviderId;
  /** The name the sign-in button shows. */
  name: string;
  /** Issuer identifier; its `/.well-known/openid-configuration` is discovered (OpenID Discovery 1.0). */
  issuer: string;
  clientId: string;
  /** Absent for a public client, which then authenticates with PKCE only. */
  clientSecret: string | undefined;
  /** Send PKCE (RFC 7636). LinkedIn refuses a `code_verifier` from web apps, so not there. */
  pkce: boolean;
  /** Send a `nonce` and require it back in the ID token. LinkedIn's ID tokens do not carry it. */
  nonce: boolean;
  /** Extra authorization request parameters, e.g. `prompt`. */
  authorizationParams: Record<string, string>;
}

/**
 * The identity providers configured by environment variables (README "Configuration"): Google,
 * LinkedIn (the spec's "professional network") and one generic OpenID Connect issuer.
 * @returns them in that order; empty when none is configured.
 */
export function configuredProviders(config: Config): IdentityProvider[] {
  const providers: IdentityProvider[] = [];
  if (config.GOOGLE_CLIENT_ID) {
    providers.push({
      id: 'google',
      name: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      pkce: true,
      nonce: true,
      // Lets a person with several Google accounts pick one instead of being signed in silently.
      authorizationParams: { prompt: 'select_account' },
    });
  }
  if (config.LINKEDIN_CLIENT_ID) {
    providers.push({
      id: 'linkedin',
      name: 'LinkedIn',
      issuer: 'https://www.linkedin.com/oauth',
      clientId: config.LINKEDIN_CLIENT_ID,
      clientSecret: config.LINKEDIN_CLIENT_SECRET,
      pkce: false,
      nonce: false,
      authorizationParams: {},
    });
  }
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID) {
    providers.push({
      id: 'oidc',
      name: config.OIDC_PROVIDER_NAME,
      issuer: config.OIDC_ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      pkce: true,
      nonce: true,
      authorizationParams: {},
    });
  }
  return providers;
}

/**
 * Whether the embedded development provider runs: only when no real provider is configured, never
 * with EMBEDDED_OIDC=false, and in production only with EMBEDDED_OIDC=true.
 */
export function embeddedProviderEnabled(config: Config): boolean {
  if (configuredProviders(config).length > 0 || config.EMBEDDED_OIDC === false) return false;
  return config.NODE_ENV !== 'production' || config.EMBEDDED_OIDC === true;
}

/**
 * What the server says at start-up about sign-in, so that an operator sees at once why nobody can
 * sign in, or that anybody can.
 * @returns a log line and its level, or null when a real provider is configured.
 */
export function signInStartupNotice(config: Config): { level: 'info' | 'warn'; message: string } | null {
  if (configuredProviders(config).length > 0) return null;
  if (!embeddedProviderEnabled(config)) {
    const why = config.EMBEDDED_OIDC === false ? 'EMBEDDED_OIDC=false' : 'NODE_ENV=production (set EMBEDDED_OIDC=true to allow it)';
    return {
      level: 'warn',
      message: `Sign-in is unavailable: no identity provider is configured and the embedded development provider is off because of ${why}.`,
    };
  }
  if (config.NODE_ENV === 'production') {
    return {
      level: 'warn',
      message:
        'The embedded development OpenID provider is running in production (EMBEDDED_OIDC=true): anyone can sign in with any email. Its emails are treated as unverified, so ADMIN_EMAILS does not apply to them.',
    };
  }
  return { level: 'info', message: 'No identity provider is configured: sign-in uses the embedded development OpenID provider at /oidc.' };
}

/** The path of a provider's OAuth callback on our server; the redirect URI registered with it. */
export const callbackPath = (providerId: IdentityProviderId) => `/api/auth/callback/${providerId}`;
