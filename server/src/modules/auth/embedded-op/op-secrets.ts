import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { z } from 'zod';
import { loadOrCreateSetting } from '../../../db/app-settings.ts';
import type { Db } from '../../../db/client.ts';

const secretsSchema = z.object({
  jwks: z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) }),
  cookieKeys: z.array(z.string().min(32)).min(1),
  clientSecret: z.string().min(32),
});

/** The embedded OpenID provider's key material, the same on every instance and after restarts. */
export type EmbeddedOpSecrets = z.infer<typeof secretsSchema>;

/**
 * Loads the embedded provider's secrets from `app_settings`, generating them on first use: an
 * RS256 signing key for ID tokens (jose; `kid` is its RFC 7638 thumbprint), the keys that sign its
 * cookies, and the secret of our own client there.
 * @throws when the stored value is not in the expected shape.
 */
export async function loadOrCreateEmbeddedOpSecrets(db: Db): Promise<EmbeddedOpSecrets> {
  const stored = await loadOrCreateSetting(db, 'embedded_oidc_secrets', async () => JSON.stringify(await createSecrets()));
  return secretsSchema.parse(JSON.parse(stored));
}

async function createSecrets(): Promise<EmbeddedOpSecrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
    clientSecret: randomBytes(32).toString('base64url'),
  };
}
