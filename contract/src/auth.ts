import { z } from 'zod';
import { AUTH_MESSAGE_TYPE, SIGN_IN_ERROR_CODES } from './sign-in.ts';

/** Identity providers the server can be configured with (README "Configuration"). */
export const identityProviderIdSchema = z.enum(['google', 'linkedin', 'oidc', 'dev']);
export type IdentityProviderId = z.infer<typeof identityProviderIdSchema>;

/**
 * How the browser leaves for the provider: a popup on the production domain, a full-page redirect
 * otherwise (docs/product.md "Calls" "Identity provider").
 */
export const signInModeSchema = z.enum(['popup', 'redirect']);
export type SignInMode = z.infer<typeof signInModeSchema>;

/** Answer of `GET /api/auth/providers`. `dev` is the embedded development provider. */
export const authProvidersResponseSchema = z.object({
  providers: z.array(z.object({ id: identityProviderIdSchema, name: z.string() })),
  mode: signInModeSchema,
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/** Query of `GET /api/auth/login/{provider}`. `return_to` is a path on this site, e.g. `/dashboard`. */
export const loginQuerySchema = z.object({
  return_to: z
    .string()
    .regex(/^\/(?![/\\])[^\s]*$/, 'return_to must be a path on this site, starting with a single /')
    .max(2000)
    .default('/'),
  mode: signInModeSchema.default('redirect'),
});

/** Why a sign-in failed (./sign-in.ts). */
export const signInErrorCodeSchema = z.enum(SIGN_IN_ERROR_CODES);

/** What the popup posts to `window.opener` when the sign-in ends: a one-time code or an error code. */
export const authPopupMessageSchema = z.union([
  z.object({ type: z.literal(AUTH_MESSAGE_TYPE), code: z.string().min(1) }),
  z.object({ type: z.literal(AUTH_MESSAGE_TYPE), error: signInErrorCodeSchema }),
]);
export type AuthPopupMessage = z.infer<typeof authPopupMessageSchema>;

/** Body of `POST /api/auth/session`: the one-time code from `?auth_code=` or the popup message. */
export const sessionRequestSchema = z.object({ code: z.string().min(1, 'code is required').max(200) });

/** The signed-in person as our token's claims describe them (docs/product.md "Entities" "User profile (from sign-in)"). */
export const authUserSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  admin: z.boolean(),
  /** Set by an admin (docs/product.md "Roles" "Expert"); experts work on accepted tasks. */
  expert: z.boolean(),
});
export type AuthUserClaims = z.infer<typeof authUserSchema>;

/** Answer of `POST /api/auth/session` and `POST /api/auth/refresh`: our Bearer token and its claims. */
export const sessionResponseSchema = z.object({ token: z.string(), user: authUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * Answer of `GET /api/auth/me`: the caller's claims as the database says now (an admin's change of
 * the expert flag or role shows on the next call, without a new sign-in or token;
 * docs/decisions/072-roles-from-the-database.md). The token is not re-issued.
 */
export const currentUserResponseSchema = z.object({ user: authUserSchema });
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

/** Answer of `POST /api/auth/logout`. */
export const logoutResponseSchema = z.object({ status: z.literal('signed_out') });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** Answer of `POST /api/v2/user/update-guest-associations` (docs/product.md "Calls"; its body is only logged there). */
export const guestAssociationResponseSchema = z.object({
  moved_conversations: z.number().int().nonnegative(),
  moved_messages: z.number().int().nonnegative(),
  moved_tasks: z.number().int().nonnegative(),
});
export type GuestAssociationResponse = z.infer<typeof guestAssociationResponseSchema>;

/**
 * The name shown for a signed-in person (docs/product.md "Entities"): the display name, else the part of the email
 * before @, else "User".
 */
export function displayName(name: string | null | undefined, email: string | null | undefined): string {
  const trimmed = name?.trim();
  if (trimmed) return trimmed;
  const local = email?.split('@')[0]?.trim();
  return local || 'User';
}
