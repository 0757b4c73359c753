import type { TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { getConfig } from "../config.ts";
import { cancellationReasons, storageError } from "./errors.ts";
import { loadSdk } from "./sdk.ts";

type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];
type Part<K extends keyof TransactItem> = Omit<NonNullable<TransactItem[K]>, "TableName">;

/** The update of one item in a transaction, without the table name. */
export type UpdateAction = Part<"Update">;

/**
 * One action of a TransactWriteItems, without the table name (added by `transact`). Stores build
 * them; a verb that must change several entities at once (an order and its products' stock) puts
 * the actions of each store into one transaction.
 */
export type Action =
  | { Put: Part<"Put"> }
  | { Update: Part<"Update"> }
  | { Delete: Part<"Delete"> }
  | { ConditionCheck: Part<"ConditionCheck"> };

const inTable = (action: Action, TableName: string): TransactItem => {
  if ("Put" in action) return { Put: { TableName, ...action.Put } };
  if ("Update" in action) return { Update: { TableName, ...action.Update } };
  if ("Delete" in action) return { Delete: { TableName, ...action.Delete } };
  return { ConditionCheck: { TableName, ...action.ConditionCheck } };
};

/** The TransactWriteItems input of these actions (also what the order benchmark sends as is). */
export function transactInput(
  actions: readonly Action[],
  options: { clientRequestToken?: string } = {},
): TransactWriteCommandInput {
  const { tableName: TableName } = getConfig();
  return {
    TransactItems: actions.map((action) => inTable(action, TableName)),
    ...(options.clientRequestToken ? { ClientRequestToken: options.clientRequestToken } : {}),
  };
}

/**
 * Runs the actions as one transaction: all or nothing. A cancellation is rethrown as it is, for the
 * store to read its per-action reasons (`cancellationReasons`, in the order of `actions`); so are
 * DynamoDB's idempotency errors of a `clientRequestToken`. Outages become 503.
 */
export async function transact(
  actions: readonly Action[],
  options: { clientRequestToken?: string } = {},
): Promise<void> {
  const { db, TransactWriteCommand } = await loadSdk();
  try {
    await db().send(new TransactWriteCommand(transactInput(actions, options)));
  } catch (error) {
    throw cancellationReasons(error) ? error : storageError(error);
  }
}

/**
 * `transact`, answering instead of throwing when the transaction is cancelled: undefined once
 * committed, else the per-action reasons (`ConditionalCheckFailed`, `TransactionConflict`, `None`, …)
 * in the order of `actions`.
 *
 * @example
 * const reasons = await tryTransact([putProduct, putSlug]);
 * if (reasons?.[1] === CONDITION_FAILED) throw slugTaken();
 */
export async function tryTransact(
  actions: readonly Action[],
  options: { clientRequestToken?: string } = {},
): Promise<string[] | undefined> {
  try {
    await transact(actions, options);
    return undefined;
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    return reasons;
  }
}
