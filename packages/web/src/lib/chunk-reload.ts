/**
 * Open tabs survive a deploy. A deploy replaces the SPA's files (SST's StaticSite removes the old
 * ones), and every screen is a lazily loaded chunk (app/routes.tsx), so a tab opened before the
 * deploy that then navigates asks for a chunk that is gone (a 404, or index.html served as the SPA
 * fallback: either way the dynamic import rejects). The page then reloads once, at the address the
 * shopper was going to (`configureChunkReload`), and gets the new index.html with the new chunks. A second failure within
 * RELOAD_WINDOW_MS is not a deploy: it is thrown to the route's error screen rather than reloading
 * forever.
 */
export const RELOAD_KEY = "fruit-shop:chunk-reload";
export const RELOAD_WINDOW_MS = 30_000;

interface Reloader {
  now(): number;
  storage: Pick<Storage, "getItem" | "setItem"> | undefined;
  reload(): void;
}

/**
 * Where the tab is going: the router loads a screen's chunk before it changes the address, so a
 * plain reload would reload the screen the shopper is leaving. main.tsx hands in the router's
 * pending navigation; without one (the first load) the page reloads where it is.
 */
let pendingHref: () => string | undefined = () => undefined;

export function configureChunkReload(options: { pendingHref: () => string | undefined }): void {
  pendingHref = options.pendingHref;
}

const browser: Reloader = {
  now: () => Date.now(),
  get storage() {
    try {
      return window.sessionStorage;
    } catch {
      return undefined; // storage blocked: never reload (no way to know it already did)
    }
  },
  reload: () => {
    const href = pendingHref();
    if (href) window.location.assign(href);
    else window.location.reload();
  },
};

/**
 * Reloads the page unless it already did so for a failed chunk in the last RELOAD_WINDOW_MS.
 * Answers whether it reloads.
 */
export function reloadOnce(reloader: Reloader = browser): boolean {
  const storage = reloader.storage;
  if (!storage) return false;
  const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
  const now = reloader.now();
  if (now - last < RELOAD_WINDOW_MS) return false;
  storage.setItem(RELOAD_KEY, String(now));
  reloader.reload();
  return true;
}

/**
 * `load` (a dynamic import), reloading the page once when it fails; while the page reloads the
 * promise never settles, so nothing renders an error in between. Otherwise the failure is thrown.
 *
 * @example
 * lazy: async () => ({ Component: (await loadChunk(() => importScreen())).Screen })
 */
export function loadChunk<M>(load: () => Promise<M>, reloader: Reloader = browser): Promise<M> {
  return load().catch((error: unknown) => {
    if (reloadOnce(reloader)) return new Promise<M>(() => {});
    throw error;
  });
}
