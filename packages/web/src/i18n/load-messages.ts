import { loadChunk } from "../lib/chunk-reload.ts";
import type { WebLocale } from "./locale.ts";

/** A language's messages: ICU MessageFormat strings by id (https://formatjs.github.io/docs/core-concepts/icu-syntax). */
export type Messages = Record<string, string>;

/**
 * The messages of a language, loaded on demand (docs/decisions/052-language-by-url.md). English is
 * each screen's own `defaultMessage`s, so it ships inside the screens' chunks and needs no catalogue;
 * French is one chunk of its own that only a `/fr` page downloads, fetched beside the first screen.
 */
export async function loadMessages(locale: WebLocale): Promise<Messages> {
  if (locale === "en") return {};
  return (await loadChunk(() => import("./messages/fr-CA.ts"))).messages;
}
