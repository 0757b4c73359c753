/**
 * The one retry policy of core (docs/decisions/014-stores.md): every loop that sends the same work
 * again goes through `retrying`, with one named limit per kind of race, each retry after a
 * full-jitter exponential backoff capped at RETRY_MAX_DELAY_MS.
 */
export const RETRY_BASE_DELAY_MS = 10;
export const RETRY_MAX_DELAY_MS = 500;

/** How many times, in all, the work of each kind of race is tried before giving up. */
export const ATTEMPTS = {
  /** What DynamoDB hands back unprocessed from a batch (BatchGetItem, BatchWriteItem). */
  unprocessed: 8,
  /** A read that failed on the way (throttling, 5xx, a dropped connection): the SDK's own number. */
  transientRead: 3,
  /** One entity read, decided on and written conditionally, changed meanwhile: read again. */
  changedMeanwhile: 5,
  /** Many writers on one hot item at once (an order's products, a product's reviews). */
  hotItem: 12,
  /** A stream batch's commit losing to another shard's on the shared counters, or META moving. */
  counterCommit: 4,
  /** A rebuild's flip refused because the stream journaled meanwhile (it reads the journal again). */
  rebuildFlip: 30,
  /**
   * Recording what became of work already done outside the table (a mail SES was asked to send):
   * the work must not be repeated, so its record is written again through storage outages.
   */
  recordAfterSend: 6,
} as const;

export type Race = keyof typeof ATTEMPTS;

/**
 * Races whose retries wait less than RETRY_MAX_DELAY_MS at most: a rebuild's flip only needs the
 * stream to pause between two batches, so its many tries stay close together.
 */
const MAX_DELAY_MS: Partial<Record<Race, number>> = { rebuildFlip: 80 };

/** What a try answers to be tried again (after a backoff). */
export const AGAIN: unique symbol = Symbol("try again");

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits before retry number `attempt` (0 for the first retry): a random time up to
 * `min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS × 2^attempt)`, so competing writers spread out.
 */
export const backoff = (attempt: number, maxDelayMs = RETRY_MAX_DELAY_MS): Promise<void> =>
  sleep(Math.random() * Math.min(maxDelayMs, RETRY_BASE_DELAY_MS * 2 ** attempt));

/**
 * Tries `work` until it answers something other than AGAIN, at most `ATTEMPTS[race]` times, backed
 * off between tries; then answers `exhausted()` (which usually throws: see `giveUp`). `work` gets
 * the try's number (0 first).
 *
 * @example
 * return retrying("changedMeanwhile", async () => (await store.remove(item)) === "deleted" ? done : AGAIN,
 *   giveUp(() => new AppError("ORDER_CHANGING", "The order is changing, please try again")));
 */
export async function retrying<T>(
  race: Race,
  work: (attempt: number) => Promise<T | typeof AGAIN>,
  exhausted: () => T,
): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS[race]; attempt += 1) {
    if (attempt > 0) await backoff(attempt - 1, MAX_DELAY_MS[race]);
    const result = await work(attempt);
    if (result !== AGAIN) return result;
  }
  return exhausted();
}

/** An `exhausted` for `retrying` that throws the error `error()` makes. */
export const giveUp = (error: () => unknown) => (): never => {
  throw error();
};
