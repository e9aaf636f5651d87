import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Wraps a code-splitting loader (`() => import('./x.tsx')`) for `React.lazy`, which keeps a failed load
 * for the page's life: a load that fails while the browser is offline waits for the `online` event and
 * tries once more (browsers fetch a module again after a failed try). A failure while online is thrown
 * at once, for the error boundary. Needed where a part can first show offline: the conversation's
 * messages appear as soon as a message is sent, and a send can start offline.
 * @param load the dynamic import; resolves to the module.
 * @returns a loader with the same result; rejects with the second failure, or the first one if online.
 */
export function loadWhenOnline<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (navigator.onLine) throw error;
      await new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
      return load();
    }
  };
}

/**
 * `React.lazy` for a named export, loaded through {@link loadWhenOnline}: the app's one way to split a
 * component off, so that no part first shown offline stays broken once the browser is back online.
 * @param load the dynamic import of the component's module.
 * @param name the export that is the component.
 */
// React.lazy's own bound: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWhenOnline<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  const loadAgain = loadWhenOnline(load);
  return lazy(async () => ({ default: (await loadAgain())[name] }));
}
