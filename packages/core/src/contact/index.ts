import * as v from "valibot";
import { nowIso, nowSeconds } from "../clock.ts";
import { decodeCursor, encodeCursor } from "../db/cursor.ts";
import { takeWindowPlace } from "../db/window.ts";
import { AppError } from "../errors.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locale.ts";
import { newId } from "../ids.ts";
import { verifyLink } from "../mails/link-token.ts";
import { LIST_LIMIT_DEFAULT, type ListAnswer } from "../paging.schema.ts";
import {
  CONTACT_RATE,
  type ContactInput,
  type ContactListQuery,
  type ContactMessage,
  type NewsletterInput,
  type NewsletterSubscriber,
} from "./contact.schema.ts";
import { contactStore } from "./contact.store.ts";

/**
 * The contact form and the newsletter (docs/decisions/039-restock-alerts.md). The API stores; the
 * mail subscriber mails (contact/contact.mails.ts), each message and each sign-up once.
 */

/** Who is asking: the client's IP, as the API saw it (functions/src/api/client-ip.ts). */
export interface Client {
  ip: string;
}

const tooMany = () =>
  new AppError(
    "RATE_LIMITED",
    `Too many requests: at most ${CONTACT_RATE.max} an hour, please try again later`,
  );

/**
 * Takes one place in `what`'s hourly window for `who` (db/window.ts, as the sign-in throttle does),
 * or throws 429 when the window is used up. A request refused by its client's window has taken its
 * place in its address's: attempts count, as failed sign-ins do.
 */
async function reserve(what: string, who: string, now = nowSeconds()): Promise<void> {
  await takeWindowPlace(contactStore.rateWindow(what, who), {
    max: CONTACT_RATE.max,
    seconds: CONTACT_RATE.windowSeconds,
    now,
    refused: tooMany,
  });
}

/** Both windows of a request: its address's and its client's. */
async function reserveBoth(what: string, email: string, client: Client): Promise<void> {
  await reserve(what, `email#${email}`);
  await reserve(what, `ip#${client.ip}`);
}

/**
 * POST /api/contact (anyone): stores the message; the administrators are mailed it once, with
 * Reply-To the sender. A filled honeypot is answered alike and nothing is stored.
 */
export async function sendContactMessage(input: ContactInput, client: Client): Promise<void> {
  if (input.website) return;
  await reserveBoth("contact", input.email, client);
  await contactStore.putMessage({
    id: newId(),
    name: input.name,
    email: input.email,
    ...(input.phone ? { phone: input.phone } : {}),
    subject: input.subject,
    message: input.message,
    createdAt: nowIso(),
  });
}

const PositionSchema = v.record(v.string(), v.string());

/** GET /api/contact-messages (administrators; the route checks): newest first, paged. */
export async function listContactMessages(query: ContactListQuery = {}): Promise<ListAnswer<ContactMessage>> {
  const scope = { list: "contact-messages" };
  const start = query.cursor ? decodeCursor(query.cursor, scope, PositionSchema) : undefined;
  const page = await contactStore.messagesPage(query.limit ?? LIST_LIMIT_DEFAULT, start);
  return {
    items: page.items.map((m) => ({
      _id: m.id,
      name: m.name,
      email: m.email,
      phone: m.phone ?? null,
      subject: m.subject,
      message: m.message,
      createdAt: m.createdAt,
    })),
    ...(page.next ? { cursor: encodeCursor(page.next, scope) } : {}),
  };
}

/** How long a sign-up request is kept (its confirmation link lives as long: mails/link-token.ts). */
const REQUEST_LIFETIME_SECONDS = 7 * 24 * 3600;

/**
 * POST /api/newsletter (anyone): one confirmation mail with a signed link, whether or not the
 * address is known or already confirmed, so the answer (202) tells nothing about it.
 */
export async function signUpNewsletter(
  input: NewsletterInput,
  client: Client,
  locale: Locale = input.locale ?? DEFAULT_LOCALE,
): Promise<void> {
  if (input.website) return;
  await reserveBoth("newsletter", input.email, client);
  await contactStore.putRequest({
    id: newId(),
    email: input.email,
    locale,
    createdAt: nowIso(),
    expiresAt: nowSeconds() + REQUEST_LIFETIME_SECONDS,
  });
}

/** POST /api/newsletter/confirm `{ token }` (the mail's link, no sign-in): confirms the address. */
export async function confirmNewsletter(
  token: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ email: string; subscribed: true }> {
  const { subject: email } = await verifyLink(token, "newsletter-confirm");
  await contactStore.confirm({ email, confirmedAt: nowIso(), locale });
  return { email, subscribed: true };
}

/** POST /api/newsletter/unsubscribe `{ token }` (every newsletter mail's link, no sign-in). */
export async function unsubscribeNewsletter(token: string): Promise<{ email: string; subscribed: false }> {
  const { subject: email } = await verifyLink(token, "newsletter-unsubscribe");
  await contactStore.unsubscribe(email);
  return { email, subscribed: false };
}

/** GET /api/newsletter/subscribers (administrators): the confirmed addresses, newest first, paged. */
export async function listNewsletterSubscribers(
  query: ContactListQuery = {},
): Promise<ListAnswer<NewsletterSubscriber>> {
  const scope = { list: "newsletter-subscribers" };
  const start = query.cursor ? decodeCursor(query.cursor, scope, PositionSchema) : undefined;
  const page = await contactStore.subscribersPage(query.limit ?? LIST_LIMIT_DEFAULT, start);
  return {
    items: page.items.map((s) => ({ email: s.email, confirmedAt: s.confirmedAt })),
    ...(page.next ? { cursor: encodeCursor(page.next, scope) } : {}),
  };
}
