import * as v from "valibot";
import { exists, notExists } from "../db/conditions.ts";
import { isConditionalCheckFailure } from "../db/errors.ts";
import { deleteItem, getItem, putItem, updateItem } from "../db/items.ts";
import { type ListPage, type Position, queryLimited } from "../db/query.ts";
import {
  type ContactRecord,
  contactKind,
  contactPatterns,
  type NewsletterRequest,
  newsletterRequestKind,
  rateWindowKind,
  type SubscriberRecord,
  subscriberKind,
} from "./contact.records.ts";

/**
 * Storage of contact messages, newsletter requests and subscribers, and the rate windows that bound
 * them (docs/data-model.md patterns 46-50); contact/index.ts holds the rules.
 */

/** Pattern 46: stores a new message (its id is new: a first write). */
const putMessage = (message: ContactRecord): Promise<void> =>
  putItem(contactKind.put(message, { ConditionExpression: notExists() }));

/** Pattern 47: a page of the messages, newest first. */
async function messagesPage(limit: number, start?: Position): Promise<ListPage<ContactRecord>> {
  const page = await queryLimited(contactPatterns.messages(), { limit, ...(start ? { start } : {}) });
  return { items: page.items.map((item) => contactKind.decode(item)), next: page.next };
}

/** Pattern 48: stores a sign-up request, whose INSERT record mails the confirmation. */
const putRequest = (request: NewsletterRequest): Promise<void> =>
  putItem(newsletterRequestKind.put(request, { ConditionExpression: notExists() }));

/** Pattern 49: confirms an address; a second confirmation keeps the first one's date. */
async function confirm(subscriber: SubscriberRecord): Promise<void> {
  try {
    await putItem(subscriberKind.put(subscriber, { ConditionExpression: notExists() }));
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Pattern 49: the subscriber of an address. */
const subscriber = async (email: string): Promise<SubscriberRecord | undefined> =>
  subscriberKind.decodeFound(await getItem(subscriberKind.key(email)));

/** Pattern 49: removes an address (nothing there is fine: unsubscribing twice is no error). */
const unsubscribe = (email: string): Promise<void> =>
  deleteItem(subscriberKind.delete(subscriberKind.key(email)));

/** Pattern 49: a page of the confirmed subscribers, newest first. */
async function subscribersPage(limit: number, start?: Position): Promise<ListPage<SubscriberRecord>> {
  const page = await queryLimited(contactPatterns.subscribers(), { limit, ...(start ? { start } : {}) });
  return { items: page.items.map((item) => subscriberKind.decode(item)), next: page.next };
}

const RefusedWindow = v.object({ Item: v.object({ windowStart: v.object({ N: v.string() }) }) });

/**
 * Pattern 50: counts one more in `what`'s window for `who` while it is open (started after `cutoff`)
 * and under `max` — one conditional ADD, atomic however many requests run at once. Answers whether
 * it was counted, and the open window's start when it was refused.
 */
async function countInWindow(
  what: string,
  who: string,
  { cutoff, max }: { cutoff: number; max: number },
): Promise<{ counted: boolean; windowStart?: number }> {
  try {
    await updateItem(
      rateWindowKind.update(rateWindowKind.key(what, who), {
        UpdateExpression: "ADD #count :one",
        ConditionExpression: `${exists()} AND windowStart > :cutoff AND #count < :max`,
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: { ":one": 1, ":cutoff": cutoff, ":max": max },
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      }),
    );
    return { counted: true };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const refused = v.safeParse(RefusedWindow, error);
    return refused.success
      ? { counted: false, windowStart: Number(refused.output.Item.windowStart.N) }
      : { counted: false };
  }
}

/** Pattern 50: opens a new window counting one, unless another opened it meanwhile (false). */
async function openWindow(
  what: string,
  who: string,
  { now, cutoff, expiresAt }: { now: number; cutoff: number; expiresAt: number },
): Promise<boolean> {
  try {
    await putItem(
      rateWindowKind.putAt(
        rateWindowKind.key(what, who),
        { count: 1, windowStart: now, expiresAt },
        {
          ConditionExpression: `${notExists()} OR windowStart <= :cutoff`,
          ExpressionAttributeValues: { ":cutoff": cutoff },
        },
      ),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

export const contactStore = {
  putMessage,
  messagesPage,
  putRequest,
  confirm,
  subscriber,
  unsubscribe,
  subscribersPage,
  countInWindow,
  openWindow,
};
