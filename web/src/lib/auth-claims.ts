/** The signed-in person as the web app knows them (spec §3 "User profile (from sign-in)"). */
export interface AuthUser {
  uid: string;
  email: string | null;
  name: string;
  photoURL: string | null;
  role: string | null;
  admin: boolean;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Reads the profile from our token's claims (uid, email, name, picture, role, admin) without
 * verifying it: the server verifies on every call, the browser only needs it for display.
 * Returns null for anything that is not a readable JWT or has expired.
 */
export function userFromToken(token: string, nowSeconds: number = Date.now() / 1000): AuthUser | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  let claims: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(decodeBase64Url(payload));
    if (!parsed || typeof parsed !== 'object') return null;
    claims = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof claims.exp === 'number' && claims.exp < nowSeconds) return null;
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
  };
}
