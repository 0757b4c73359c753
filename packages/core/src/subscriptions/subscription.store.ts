import { batchGet } from "../db/batch.ts";
import { exists, notExists } from "../db/conditions.ts";
import { getItem, putItem } from "../db/items.ts";
import type { Action } from "../db/kind.ts";
import { type ListPage, type Position, queryLimited, queryPage } from "../db/query.ts";
import { type Cancelled, tryTransact } from "../db/transact.ts";
import * as changes from "../orders/order.changes.ts";
import {
  type OccurrenceRecord,
  occurrenceKind,
  type SubscriptionRecord,
  subscriptionKind,
  subscriptionPatterns,
} from "./subscription.records.ts";

/**
 * Storage of subscriptions and their weeks (docs/data-model.md: Subscription and Occurrence items,
 * patterns 66-69; docs/decisions/051-standing-orders.md). A subscription changes as a whole item,
 * conditioned on the version read; a week's occurrence is claimed once (`claimOccurrence`), in the
 * transaction of the order it places (orders/occurrence.ts) or of the notice it records.
 */

/** Pattern 65: one subscription, strongly consistent. */
const get = async (id: string): Promise<SubscriptionRecord | undefined> =>
  subscriptionKind.decodeFound(await getItem(subscriptionKind.key(id)));

/** Stores a new subscription. */
const create = (sub: SubscriptionRecord): Promise<void> =>
  putItem(subscriptionKind.put(sub, { ConditionExpression: notExists() }));

/** The subscription written as `next`, only while it is still at version `read` (a transaction's action). */
const replace = (next: SubscriptionRecord, read: number): Action =>
  subscriptionKind.put(next, {
    ConditionExpression: `${exists()} AND version = :read`,
    ExpressionAttributeValues: { ":read": read },
  });

/** The condition that the subscription is still at the version read (opening a week). */
const versionCheck = (sub: Pick<SubscriptionRecord, "id" | "version">): Action =>
  subscriptionKind.check(subscriptionKind.key(sub.id), {
    ConditionExpression: "version = :read",
    ExpressionAttributeValues: { ":read": sub.version },
  });

/** Writes a changed subscription with `also` in one transaction; the cancellation when refused. */
const change = (next: SubscriptionRecord, read: number, also: readonly Action[] = []) =>
  tryTransact([replace(next, read), ...also]);

/** Pattern 66: a page of every subscription, newest first. */
async function listAll({
  limit,
  start,
}: {
  limit: number;
  start?: Position;
}): Promise<ListPage<SubscriptionRecord>> {
  const page = await queryLimited(subscriptionPatterns.all(), { limit, ...(start ? { start } : {}) });
  return { items: page.items.map(subscriptionKind.decode), next: page.next };
}

/** Pattern 67: a page of one user's subscriptions, newest first. */
async function listOfUser(
  userId: string,
  { limit, start }: { limit: number; start?: Position },
): Promise<ListPage<SubscriptionRecord>> {
  const page = await queryLimited(subscriptionPatterns.ofUser(userId), {
    limit,
    ...(start ? { start } : {}),
  });
  return { items: page.items.map(subscriptionKind.decode), next: page.next };
}

/** Pattern 66, for the reconcile pass and the forecast: one page of the active subscriptions. */
async function activePage(
  start: Record<string, unknown> | undefined,
  pageSize = 100,
): Promise<{ items: SubscriptionRecord[]; next: Record<string, unknown> | undefined }> {
  const page = await queryPage({
    ...subscriptionPatterns.all(),
    FilterExpression: "#status = :active",
    ExpressionAttributeNames: { "#status": "status" },
    ExpressionAttributeValues: {
      ...subscriptionPatterns.all().ExpressionAttributeValues,
      ":active": "active",
    },
    Limit: pageSize,
    ...(start ? { ExclusiveStartKey: start } : {}),
  });
  return { items: page.items.map(subscriptionKind.decode), next: page.next };
}

/** Pattern 68: one week's occurrence, strongly consistent. */
const getOccurrence = async (subscriptionId: string, date: string): Promise<OccurrenceRecord | undefined> =>
  occurrenceKind.decodeFound(await getItem(occurrenceKind.key(subscriptionId, date)));

/** Pattern 68: the occurrences of some weeks, in one batch read (absent ones left out). */
const getOccurrences = async (
  weeks: readonly { subscriptionId: string; date: string }[],
): Promise<OccurrenceRecord[]> =>
  weeks.length === 0
    ? []
    : (await batchGet(weeks.map((w) => occurrenceKind.key(w.subscriptionId, w.date)))).map(
        occurrenceKind.decode,
      );

/**
 * The claim of a week (docs/decisions/032-exactly-once.md): its occurrence put only where none is —
 * or over one `withdrawn` (an un-skipped week placed again), so one subscription and date never hold
 * two live orders.
 */
const claimOccurrence = (occurrence: OccurrenceRecord): Action =>
  occurrenceKind.put(occurrence, {
    ConditionExpression: `${notExists()} OR #status = :withdrawn`,
    ExpressionAttributeNames: { "#status": "status" },
    ExpressionAttributeValues: { ":withdrawn": "withdrawn" },
  });

/** The condition that a week has not opened (no occurrence): a skip of a week not yet opened. */
const notOpened = (subscriptionId: string, date: string): Action =>
  occurrenceKind.check(occurrenceKind.key(subscriptionId, date), { ConditionExpression: notExists() });

/** Marks a placed week withdrawn (its order cancelled in the same transaction), once. */
const withdrawOccurrence = (o: OccurrenceRecord, at: string): Action =>
  occurrenceKind.update(occurrenceKind.key(o.subscriptionId, o.date), {
    UpdateExpression: "SET #status = :withdrawn, #at = :at",
    ConditionExpression: "#status = :placed AND orderId = :order",
    ExpressionAttributeNames: { "#status": "status", "#at": "at" },
    ExpressionAttributeValues: {
      ":withdrawn": "withdrawn",
      ":placed": "placed",
      ":order": o.orderId,
      ":at": at,
    },
  });

/**
 * Records a placed week's reminder as asked for, once, and — while its order is unpaid — asks the
 * order for it (orders/order.changes.ts `askBoxReminder`: the mail subscriber sends it). False when
 * another run did it first (or the order was paid meanwhile: then only the record is written).
 */
async function remind(o: OccurrenceRecord, orderHeld: boolean, at: string): Promise<boolean> {
  const mark = occurrenceKind.update(occurrenceKind.key(o.subscriptionId, o.date), {
    UpdateExpression: "SET remindedAt = :at",
    ConditionExpression: "attribute_not_exists(remindedAt)",
    ExpressionAttributeValues: { ":at": at },
  });
  const refused: Cancelled | undefined = await tryTransact(
    orderHeld && o.orderId ? [mark, changes.askBoxReminder(o.orderId, at)] : [mark],
  );
  return refused === undefined;
}

/** The subscription store (see the top of this file). */
export const subscriptionStore = {
  get,
  create,
  replace,
  change,
  versionCheck,
  listAll,
  listOfUser,
  activePage,
  getOccurrence,
  getOccurrences,
  claimOccurrence,
  notOpened,
  withdrawOccurrence,
  remind,
};
