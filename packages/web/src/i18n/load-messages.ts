import { loadChunk } from "../lib/chunk-reload.ts";
import type { MessagePartName } from "./message-parts.ts";

/** A language's messages: ICU MessageFormat strings by id (https://formatjs.github.io/docs/core-concepts/icu-syntax). */
export type Messages = Record<string, string>;

export type MessagePart = MessagePartName;

/**
 * The French catalogue's parts, each a chunk of its own that only a `/fr` page downloads
 * (docs/decisions/052-language-by-url.md, "Weight"): the shell's (header, footer, menus) before the
 * first render, a screen family's with the screen's chunk, the error codes' after the first render.
 * Which ids each part holds is found at build time from the modules that use them (message-parts.ts).
 */
const FRENCH: Record<MessagePart, () => Promise<{ messages: Messages }>> = {
  shell: () => import("./messages/fr-CA/shell.ts"),
  errors: () => import("./messages/fr-CA/errors.ts"),
  home: () => import("./messages/fr-CA/home.ts"),
  "home-below-fold": () => import("./messages/fr-CA/home-below-fold.ts"),
  catalog: () => import("./messages/fr-CA/catalog.ts"),
  product: () => import("./messages/fr-CA/product.ts"),
  orders: () => import("./messages/fr-CA/orders.ts"),
  account: () => import("./messages/fr-CA/account.ts"),
  subscriptions: () => import("./messages/fr-CA/subscriptions.ts"),
  "subscribe-dialog": () => import("./messages/fr-CA/subscribe-dialog.ts"),
  info: () => import("./messages/fr-CA/info.ts"),
};

/** A part of the French catalogue (a chunk that fails reloads the page once, lib/chunk-reload.ts). */
export const frenchPart = async (part: MessagePart): Promise<Messages> =>
  (await loadChunk(FRENCH[part])).messages;

/**
 * Where the page's parts go: the very record its react-intl instance reads (page-intl.ts), and how
 * a part is loaded. English needs none: each screen's `defaultMessage`s are its English text.
 */
let page: { messages: Messages; load: (part: MessagePart) => Promise<Messages> } | undefined;

/** main.tsx, on a `/fr` page, before the router starts loading the first screen. `undefined` resets. */
export function configureMessages(messages?: Messages, load = frenchPart): void {
  page = messages ? { messages, load } : undefined;
}

/**
 * Adds a part of the page language's messages to the page's record, so a screen's texts are there
 * before it renders: the route table waits for it beside the screen's chunk (app/routes.tsx). No-op
 * on an English page.
 */
export async function loadMessages(part: MessagePart): Promise<void> {
  if (!page) return;
  const { messages, load } = page;
  Object.assign(messages, await load(part));
}
