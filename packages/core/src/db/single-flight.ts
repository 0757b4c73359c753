const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs `read` unless an identical read (same key) is already running, in which case its promise is
 * shared (single flight). For hot public reads under load this turns N concurrent round trips into
 * one without serving anything older than a read that started a moment earlier. Not a cache: the
 * entry is gone as soon as the read settles. Never use it where a caller must see its own write.
 */
export function singleFlight<T>(key: string, read: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = read().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}
