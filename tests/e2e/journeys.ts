import { priceLines } from "@fruit/core/browser/money";
import type { Locator, Page } from "playwright-core";
import { inject } from "vitest";

/**
 * Steps the browser journeys share: calls to the started shop's API for set-up (accounts, orders,
 * payments) and the few screens every journey goes through (the first-open spinner, sign-in, toasts).
 */

/** API answers are free-form JSON here: `any` keeps the journeys short. */
// biome-ignore lint/suspicious/noExplicitAny: free-form JSON answers
export type Json = any;

/** A language the journeys run in: its locale and the prefix of its pages' addresses. */
export interface Language {
  locale: "en" | "fr-CA";
  prefix: "" | "/fr";
}

/**
 * The languages the accessibility sweep and the keyboard journey run in. The French pages live under
 * /fr: with them, this list is `[{ locale: "en", prefix: "" }, { locale: "fr-CA", prefix: "/fr" }]`.
 */
export const LANGUAGES: readonly Language[] = [
  { locale: "en", prefix: "" },
  { locale: "fr-CA", prefix: "/fr" },
];

/** The seeded administrator. */
export const ADMIN = { email: "admin@example.com", password: "admin1234" };

/**
 * Calls the started shop's API over HTTP; throws on any answer that is not 2xx.
 *
 * @example
 * const { order } = await callApi("/api/orders", { method: "POST", token, body });
 */
export async function callApi(
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<Json> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${inject("shopUrl")}${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${options.method ?? "GET"} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Signs in through the API and answers the stored user info (with its token). */
export const signInThroughApi = (credentials: { email: string; password: string }) =>
  callApi("/api/users/signin", { method: "POST", body: credentials });

/** Registers an account through the API; answers the credentials and the user info. */
export async function registerThroughApi<T extends { name: string; email: string; password: string }>(
  user: T,
) {
  const info: Json = await callApi("/api/users/signup", { method: "POST", body: user });
  return { ...user, info };
}

/**
 * Places an order of `quantity` kg of one product as the customer with `token`, then pays it with
 * the test payment (through the same endpoints as PayPal). Answers the order and its prices.
 */
export async function placePaidOrder(
  token: string,
  product: { _id: string; price: number },
  quantity = 1,
  deliverySlotId?: string,
) {
  const prices = priceLines([{ price: product.price, quantity }]);
  const { order }: Json = await callApi("/api/orders", {
    method: "POST",
    token,
    body: {
      orderItems: [{ _id: product._id, quantity }],
      shippingAddress: {
        fullName: "E2E Buyer",
        address: "1 Orchard Lane",
        city: "Montreal",
        postalCode: "H2X 1Y4",
        country: "Canada",
      },
      paymentMethod: "PayPal",
      ...prices,
      ...(deliverySlotId ? { deliverySlotId } : {}),
    },
  });
  const payment = await callApi(`/api/orders/${order._id}/paypal`, { method: "POST", token });
  await callApi(`/api/orders/${order._id}/pay`, { method: "PUT", token, body: { id: payment.id } });
  return { order, prices };
}

/**
 * Opens a one-off delivery window (POST /api/delivery/slots, docs/product.md §10) three days ahead,
 * from `start` to `end` on the shop's clock, booked up to a day before. A one-off window changes no
 * price and is never given to an order that did not choose it (only weekly windows are), so the
 * other journeys' orders stay as they were. Answers the window (`id`, `date`, `start`, `end`), the
 * one already there when a run before opened it.
 */
export async function openDeliveryWindow(token: string, start: string, end: string) {
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const cutoffAt = new Date(Date.now() + 86_400_000).toISOString();
  const response = await fetch(`${inject("shopUrl")}/api/delivery/slots`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ date, start, end, capacity: 20, cutoffAt }),
  });
  const answer: Json = await response.json();
  if (response.ok) return answer;
  // Opened already by an earlier run on the same shop: the same window (its id is its date and times).
  if (answer.code !== "SLOT_EXISTS") throw new Error(`POST /api/delivery/slots: ${response.status}`);
  const slots: Json[] = await callApi("/api/delivery/slots");
  return slots.find((slot) => slot.id === answer.deliverySlotId);
}

/** Waits until the first-open spinner (docs/product.md §2: 1 s) is gone. */
export async function waitReady(page: Page) {
  await page.getByRole("status", { name: "Loading the shop" }).waitFor({ state: "detached" });
}

/** A form field by its label; required fields' labels end with an asterisk that is not part of the name. */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** Fills and submits the sign-in form shown on `page`. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  const form = page.locator("form", { has: page.getByRole("button", { name: "Sign In" }) });
  // Required fields' labels end in an aria-hidden " *": match the accessible name.
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await field(form, "Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in on /login?redirect=… and waits to land on `redirect`. */
export async function signInThroughUi(page: Page, email: string, password: string, redirect: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await signInThroughForm(page, email, password);
  await page.waitForURL((url) => url.pathname === redirect);
}

/** Waits for a toast (or any text) shown exactly as `text`. */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** A mail as the local SES emulator keeps it (`GET <mailUrl>/store`). */
export interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}

/** The mails to `address` whose subject matches, in the started shop's outbox now. */
export async function mailsTo(address: string, subject: RegExp): Promise<StoredMail[]> {
  const store = (await (await fetch(`${inject("mailUrl")}/store`)).json()) as { emails: StoredMail[] };
  return store.emails.filter((mail) => mail.destination.to.includes(address) && subject.test(mail.subject));
}

/** The first mail to `address` whose subject matches, waiting up to 20 s for the mail subscriber. */
export async function mailTo(address: string, subject: RegExp): Promise<StoredMail> {
  for (let i = 0; i < 400; i += 1) {
    const [found] = await mailsTo(address, subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}" to ${address} in the outbox`);
}
