/**
 * index.html starts the storefront screen's public reads before the app's code has arrived (see
 * packages/core/src/http/storefront-boot.ts, which vite.config.ts writes into index.html) and leaves
 * the pending answers in `window.__early`. Each is taken once, by the first call for that path, and
 * only in the first seconds after the page opened: a later call (after an edit, say) must ask the
 * server afresh.
 */
const FRESH_MS = 15_000;

export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const store = (window as unknown as { __early?: Record<string, Promise<Response> | undefined> }).__early;
  const answer = store?.[path];
  if (!answer || !store) return undefined;
  delete store[path];
  return performance.now() < FRESH_MS ? answer : undefined;
}
