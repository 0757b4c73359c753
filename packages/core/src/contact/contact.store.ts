import { notExists } from "../db/conditions.ts";
import { writtenUnlessRefused } from "../db/errors.ts";
import { deleteItem, getItem, putItem } from "../db/items.ts";
import { type ListPage, type Position, queryLimited } from "../db/query.ts";
import type { WindowItem } from "../db/window.ts";
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
  await writtenUnlessRefused(putItem(subscriberKind.put(subscriber, { ConditionExpression: notExists() })));
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

/** Pattern 50: the hourly window of `what` (contact, newsletter) for `who` (an address, an IP), as db/window.ts counts it. */
const rateWindow = (what: string, who: string): WindowItem => {
  const key = rateWindowKind.key(what, who);
  return {
    counter: "count",
    update: (update) => rateWindowKind.update(key, update),
    open: (window, expressions) => rateWindowKind.putAt(key, { ...window, count: 1 }, expressions),
  };
};

export const contactStore = {
  putMessage,
  messagesPage,
  putRequest,
  confirm,
  subscriber,
  unsubscribe,
  subscribersPage,
  rateWindow,
};
