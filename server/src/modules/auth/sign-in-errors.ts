import * as oidc from 'openid-client';
import type { SignInErrorCode } from '@unstuck/contract';

/** A sign-in that cannot go on, with the code the web app turns into a docs/product.md "Errors" text. */
export class SignInError extends Error {
  override name = 'SignInError';
  constructor(
    readonly code: SignInErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Classifies any failure of a sign-in into the codes of docs/product.md "Sign-in".
 * OAuth error codes (RFC 6749 §4.1.2.1 and "Validation".2) come from the provider's redirect or token
 * endpoint; HTTP 429 means too many requests; an unreachable or timed-out provider is a network
 * error; a provider that answers but not as configured (unknown client, bad discovery) is a
 * configuration error. Anything else is internal.
 */
export function signInErrorCode(error: unknown): SignInErrorCode {
  if (error instanceof SignInError) return error.code;
  if (error instanceof oidc.AuthorizationResponseError) return fromOAuthError(error.error);
  if (error instanceof oidc.ResponseBodyError) return error.status === 429 ? 'too-many-requests' : fromOAuthError(error.error);
  if (error instanceof oidc.ClientError) return fromClientError(error);
  // Node's fetch reports an unreachable host (refused, DNS, reset) as "TypeError: fetch failed".
  if (error instanceof TypeError && error.message === 'fetch failed') return 'network';
  return 'internal';
}

function fromOAuthError(code: string): SignInErrorCode {
  switch (code) {
    case 'access_denied':
      return 'cancelled';
    case 'invalid_client':
    case 'unauthorized_client':
    case 'invalid_request':
    case 'invalid_scope':
    case 'unsupported_response_type':
    case 'unsupported_grant_type':
      return 'configuration';
    case 'server_error':
    case 'temporarily_unavailable':
      return 'internal';
    default:
      return 'other';
  }
}

function fromClientError(error: oidc.ClientError): SignInErrorCode {
  switch (error.code) {
    case 'OAUTH_TIMEOUT':
    case 'OAUTH_ABORT':
      return 'network';
    case 'OAUTH_RESPONSE_IS_NOT_CONFORM': {
      // An unexpected HTTP status, e.g. discovery at a wrong issuer URL (404) or a provider outage.
      const status = error.cause instanceof Response ? error.cause.status : 0;
      if (status === 429) return 'too-many-requests';
      return status >= 500 ? 'internal' : 'configuration';
    }
    case 'OAUTH_RESPONSE_IS_NOT_JSON':
    case 'OAUTH_INVALID_SERVER_METADATA':
    case 'OAUTH_MISSING_SERVER_METADATA':
    case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED':
    case 'OAUTH_HTTP_REQUEST_FORBIDDEN':
    case 'OAUTH_UNSUPPORTED_OPERATION':
      return 'configuration';
    default:
      // ID token checks (nonce, signature, audience) and malformed answers: this attempt failed.
      return 'other';
  }
}
