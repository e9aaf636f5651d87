import { describe, expect, it } from 'vitest';
import { isAdminUser, tokenLifetime, userFromToken } from './auth-claims.ts';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;

describe('userFromToken', () => {
  it('reads uid, email, name, role, admin and expert from the claims', () => {
    expect(userFromToken(jwt({ uid: 'u1', email: 'ada@example.com', name: 'Ada', role: 'admin', admin: true, expert: true }))).toEqual({
      uid: 'u1',
      email: 'ada@example.com',
      name: 'Ada',
      photoURL: null,
      role: 'admin',
      admin: true,
      expert: true,
    });
    expect(userFromToken(jwt({ uid: 'u2' }))?.expert).toBe(false);
  });

  it('names the user after the part of the email before @ when there is no name, else "User"', () => {
    expect(userFromToken(jwt({ uid: 'u1', email: 'grace@example.com' }))?.name).toBe('grace');
    expect(userFromToken(jwt({ uid: 'u1' }))?.name).toBe('User');
  });

  it('ignores expired tokens and text that is not a token', () => {
    expect(userFromToken(jwt({ uid: 'u1', exp: 100 }), 200)).toBeNull();
    expect(userFromToken('garbage')).toBeNull();
    expect(userFromToken('a.b.c')).toBeNull();
  });
});

describe('tokenLifetime', () => {
  it('reads iat and exp, and null where a claim is missing or the text is no token', () => {
    expect(tokenLifetime(jwt({ uid: 'u1', iat: 100, exp: 3700 }))).toEqual({ issuedAt: 100, expiresAt: 3700 });
    expect(tokenLifetime(jwt({ uid: 'u1' }))).toEqual({ issuedAt: null, expiresAt: null });
    expect(tokenLifetime('garbage')).toEqual({ issuedAt: null, expiresAt: null });
  });
});

describe('isAdminUser', () => {
  it('is true for the admin claim or the admin role, false otherwise', () => {
    const user = userFromToken(jwt({ uid: 'u1', role: 'user', admin: false }));
    expect(user && isAdminUser(user)).toBe(false);
    expect(user && isAdminUser({ ...user, admin: true })).toBe(true);
    expect(user && isAdminUser({ ...user, role: 'admin' })).toBe(true);
  });
});
