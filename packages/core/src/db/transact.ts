import type { TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { getConfig } from "../config.ts";
import { CONDITION_FAILED, cancellationReasons, isRetryableCancellation, storageError } from "./errors.ts";
import type { Action } from "./kind.ts";
import { loadSdk } from "./sdk.ts";

export type { Action } from "./kind.ts";

type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

/** The SDK's form of one action: the table name added, the kind's name left out. */
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
 * Runs the actions as one transaction: all or nothing. A cancellation is rethrown as it is (a
 * `tryTransact` caller reads it as a `Cancelled`); so are DynamoDB's idempotency errors of a
 * `clientRequestToken`. Outages become 503.
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
 * A cancelled transaction, read by the actions it was made of: which one's condition failed, and
 * whether it only lost a race (or was throttled), so the same write may be tried again.
 *
 * @example
 * const cancelled = await tryTransact([putProduct, claimSlug]);
 * if (cancelled?.failed(claimSlug)) throw slugTaken();
 */
export class Cancelled {
  constructor(
    private readonly actions: readonly Action[],
    /** The per-action reasons (`ConditionalCheckFailed`, `TransactionConflict`, `None`, …), in order. */
    readonly reasons: readonly string[],
    /** The cancellation itself, for a caller that gives up to throw. */
    readonly error: unknown,
  ) {}

  /** The reason of one of the transaction's actions (`None` when it did not stop it). */
  reasonOf(action: Action): string {
    const index = this.actions.indexOf(action);
    if (index < 0) throw new Error(`The ${action.kind} action was not part of this transaction`);
    return this.reasons[index] ?? "None";
  }

  /** True when this action's condition did not hold. */
  failed(action: Action | undefined): boolean {
    return action !== undefined && this.reasonOf(action) === CONDITION_FAILED;
  }

  /** The first of `actions` whose condition did not hold. */
  firstFailed<A extends Action>(actions: readonly A[]): A | undefined {
    return actions.find((action) => this.failed(action));
  }

  /** True when the transaction lost a race with another or was throttled: send it again. */
  get retryable(): boolean {
    return isRetryableCancellation(this.reasons);
  }
}

/**
 * `transact`, answering instead of throwing when the transaction is cancelled: undefined once
 * committed, else the cancellation, read by action (see Cancelled).
 */
export async function tryTransact(
  actions: readonly Action[],
  options: { clientRequestToken?: string } = {},
): Promise<Cancelled | undefined> {
  try {
    await transact(actions, options);
    return undefined;
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    return new Cancelled(actions, reasons, error);
  }
}
