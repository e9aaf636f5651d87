/** The signed-in person as the web app knows them (docs/product.md "Entities" "User profile (from sign-in)"). */
export interface AuthUser {
  uid: string;
  email: string | null;
  name: string;
  photoURL: string | null;
  role: string | null;
  admin: boolean;
  /** The expert flag an admin set: the expert queue is theirs too. */
  expert: boolean;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The payload of a JWT, unverified; null for anything that is not one. */
function readClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed: unknown = JSON.parse(decodeBase64Url(payload));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Reads the profile from our token's claims (uid, email, name, picture, role, admin) without
 * verifying it: the server verifies on every call, the browser only needs it for display.
 * Returns null for anything that is not a readable JWT or has expired.
 */
export function userFromToken(token: string, nowSeconds: number = Date.now() / 1000): AuthUser | null {
  const claims = readClaims(token);
  if (!claims) return null;
  const expiresAt = num(claims.exp);
  if (expiresAt !== null && expiresAt < nowSeconds) return null;
  const uid = str(claims.uid) ?? str(claims.sub);
  if (!uid) return null;
  const email = str(claims.email);
  return {
    uid,
    email,
    name: str(claims.name) ?? email?.split('@')[0] ?? 'User',
    photoURL: str(claims.picture) ?? str(claims.photoURL),
    role: str(claims.role),
    admin: claims.admin === true,
    expert: claims.expert === true,
  };
}

/** When a token was issued and when it expires (`iat`, `exp`, seconds since 1970), if it says. */
export function tokenLifetime(token: string): { issuedAt: number | null; expiresAt: number | null } {
  const claims = readClaims(token);
  return { issuedAt: num(claims?.iat), expiresAt: num(claims?.exp) };
}

/**
 * Whether the token's claims make this person an admin (docs/product.md "Roles"): role admin or the admin claim.
 * The server decides the claims (ADMIN_EMAILS, the role in the database); there is no address list
 * in the browser.
 */
export const isAdminUser = (user: AuthUser): boolean => user.admin || user.role === 'admin';
