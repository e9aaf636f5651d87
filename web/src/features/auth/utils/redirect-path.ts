/** docs/product.md "Limits" "Redirect delays": the path left before sign-in is restored 0.5 s after it. */
export const RESTORE_PATH_DELAY_MS = 500;

/** A path on this site: one leading slash, not `//host` or `/\host`, which browsers treat as another site. */
export const isLocalPath = (path: string): boolean => /^\/(?![/\\])[^\s]*$/.test(path);

/** Whether a path belongs to the admin area (docs/product.md "Screens": any path starting with /admin). */
export const isAdminPath = (path: string): boolean => path.startsWith('/admin');

/**
 * Where to go after sign-in (docs/product.md "Entities" "On sign-in"): the path saved before sign-in, unless it is the
 * root or already the current path (then stay), or not a path on this site.
 * @param saved the saved path, e.g. `/dashboard` or `/redirect-test?status=ok`.
 * @param current the current path with its query, e.g. `/`.
 */
export function pathToRestore(saved: string | null, current: string): string | null {
  if (!saved || !isLocalPath(saved)) return null;
  const pathname = saved.split(/[?#]/)[0];
  if (pathname === '/' || saved === current || pathname === current) return null;
  return saved;
}
