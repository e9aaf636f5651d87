/** One stored value as the debug pages list it. */
export interface StoredEntry {
  name: string;
  value: string;
}

/** The cookies this page can read (HttpOnly ones, such as the sign-in state cookie, stay hidden). */
export function readCookies(cookieHeader: string = document.cookie): StoredEntry[] {
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      return at === -1 ? { name: part, value: '' } : { name: part.slice(0, at), value: part.slice(at + 1) };
    });
}

/** Every local storage entry, by key. */
export function readLocalStorage(): StoredEntry[] {
  try {
    return Object.keys(window.localStorage)
      .sort()
      .map((name) => ({ name, value: window.localStorage.getItem(name) ?? '' }));
  } catch {
    return [];
  }
}
