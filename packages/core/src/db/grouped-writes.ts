import type { Action } from "./kind.ts";
import { tryTransact } from "./transact.ts";

/** DynamoDB's limit of actions in one TransactWriteItems. */
const TRANSACTION_LIMIT = 100;
/** A chunk that lost a race (or was throttled) is sent again, this many times at most. */
const ATTEMPTS = 4;

/**
 * Unconditional puts and deletes of many items — each group one item's actions, e.g. a counted
 * kind's delete with its tombstone put (db/kind.ts) — in transactions of up to 100 actions, a group
 * never split across two. For a function: IAM checks each part as `PutItem` or `DeleteItem`, which
 * the functions that delete hold, where `BatchWriteItem` (db/batch.ts) is the operator commands'
 * action only (packages/core/src/access/grants.ts; docs/decisions/036). A chunk cancelled by a
 * race is sent again; one cancelled by a condition cannot be (there are none) and is thrown.
 */
export async function writeInTransactions(groups: readonly (readonly Action[])[]): Promise<void> {
  let chunk: Action[] = [];
  const send = async () => {
    for (let attempt = 1; chunk.length > 0; attempt++) {
      const cancelled = await tryTransact(chunk);
      if (!cancelled) break;
      if (!cancelled.retryable || attempt >= ATTEMPTS) throw cancelled.error;
    }
    chunk = [];
  };
  for (const group of groups) {
    if (group.length > TRANSACTION_LIMIT) throw new Error("one item's writes exceed a transaction");
    if (chunk.length + group.length > TRANSACTION_LIMIT) await send();
    chunk.push(...group);
  }
  await send();
}
