import { CHUNK_LOAD_TIMEOUT_MS } from '@marketlens/shared';
import type { Loader } from '../shared/route.js';

const RELOADED_AT = 'marketlens.chunkReloadAt';

/**
 * Loads a route chunk with the rules of docs/product.md §2: at most 120 s, and a failed load (typically a new
 * deployment that removed the old chunk files) reloads the page once to pick up the new build.
 * A second failure within a minute is shown by the route's error view instead of reloading forever.
 */
export async function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('chunk load timeout')), timeoutMs);
    });
    return await Promise.race([load(), timeout]);
  } catch (err) {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last > 60_000) {
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      window.location.reload();
      return new Promise<T>(() => undefined);
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A React Router `lazy` function for a screen module. Its `preload` starts the download alone (no
 * reload on failure: the router's own load, which follows, handles that).
 */
export function lazyScreen(load: Loader) {
  return Object.assign(async () => ({ Component: (await loadChunk(load)).default }), { preload: load });
}
