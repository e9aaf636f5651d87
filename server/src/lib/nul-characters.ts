import { badRequest } from './errors.ts';

/**
 * Where a value holds a NUL character (U+0000), as a dotted path (`content`, `items.2.name`, `` for the
 * value itself), or null when it holds none. Walks strings, arrays and plain objects (keys too).
 */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = findNulCharacter(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses text with a NUL character: PostgreSQL cannot store one in a text column, so it would
 * otherwise fail deep in a query.
 * @param where what the value is ("query string", "body"), for the detail when the path is empty.
 * @throws AppError 400 naming the field.
 */
export function rejectNulCharacters(value: unknown, where: string): void {
  const path = findNulCharacter(value);
  if (path !== null) throw badRequest(`${path || where} must not contain NUL characters (U+0000)`);
}
