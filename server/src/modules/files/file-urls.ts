import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { FileUrlSigner } from '../../lib/file-url-signer.ts';

/** The canonical path of a stored file: its random id only, never its name. */
export const filePath = (fileId: string) => `/api/v2/files/${fileId}`;

/**
 * @param secret the server's token secret; the key is derived from it for this purpose only.
 * @param ttlSeconds FILE_URL_TTL_SECONDS. Expiry times are rounded up to a multiple of it, so a
 *   file's link stays the same for a whole period and a polling chat does not load images again.
 */
export function createFileUrlSigner(secret: string, ttlSeconds: number, clock: Clock): FileUrlSigner {
  const key = createHmac('sha256', secret).update('unstuck file links v1').digest();
  const mac = (fileId: string, expires: string) => createHmac('sha256', key).update(`${fileId.toLowerCase()}\n${expires}`).digest();
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  return {
    sign(fileId) {
      const expires = String((Math.floor(nowSeconds() / ttlSeconds) + 2) * ttlSeconds);
      return `${filePath(fileId)}?expires=${expires}&signature=${mac(fileId, expires).toString('base64url')}`;
    },
    check(fileId, expires, signature) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return null;
      const given = Buffer.from(signature, 'base64url');
      const wanted = mac(fileId, expires);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
      const left = Number(expires) - nowSeconds();
      return left > 0 ? left : null;
    },
  };
}
