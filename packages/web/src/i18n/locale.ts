/**
 * The shop's two languages and where each lives (docs/decisions/052-language-by-url.md): English at
 * the root, Canadian French under `/fr`. The URL alone chooses the language — never
 * `Accept-Language`, which a cached page could not follow — and a page's address in the other
 * language is the same path with `/fr` added or removed.
 */
import { FRENCH_PREFIX, localePath, type PageLocale } from "@fruit/core/browser/pages";

export type WebLocale = PageLocale;

/** The language of an address: French under `/fr` (`/fr`, `/fr/…`), English elsewhere. */
export const localeOfPath = (pathname: string): WebLocale =>
  pathname === FRENCH_PREFIX || pathname.startsWith(`${FRENCH_PREFIX}/`) ? "fr-CA" : "en";

/** The router's basename in a language: the app's own paths (`/products`) are the same in both. */
export const basenameOf = (locale: WebLocale): string => (locale === "fr-CA" ? FRENCH_PREFIX : "/");

/** An app path (`/products?category=Fruit`, as the router sees it) as an address in `locale`. */
export const pathIn = (locale: WebLocale, appPath: string): string => localePath(locale, appPath);

/** The other language, which the header's switcher offers. */
export const otherLocale = (locale: WebLocale): WebLocale => (locale === "en" ? "fr-CA" : "en");
