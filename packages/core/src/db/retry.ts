/**
 * The one retry policy of the storage layer (docs/decisions/014-stores.md): at most RETRY_ATTEMPTS
 * sends of the same work, each retry after a full-jitter exponential backoff capped at
 * RETRY_MAX_DELAY_MS. Used for what DynamoDB hands back unprocessed (BatchGetItem, BatchWriteItem) and
 * by the verbs that retry a transaction that lost a race (placement, reviews, payments, expiry).
 */
export const RETRY_ATTEMPTS = 8;
export const RETRY_BASE_DELAY_MS = 10;
export const RETRY_MAX_DELAY_MS = 500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits before retry number `attempt` (0 for the first retry): a random time up to
 * `min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS × 2^attempt)`, so competing writers spread out.
 *
 * @example
 * for (let attempt = 0; attempt < RETRY_ATTEMPTS; attempt++) { if (await tryOnce()) return; await backoff(attempt); }
 */
export const backoff = (attempt: number): Promise<void> =>
  sleep(Math.random() * Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** attempt));
