/**
 * Error texts by code in each language (docs/decisions/050-i18n-formatjs.md), each language's table
 * loaded on first use: the API's error mapper answers a French caller's errors in French without the
 * French table ever loading for an English one.
 *
 * @example
 * const texts = await errorTextsOf("fr-CA");
 * texts.SLOT_FULL // "Cette plage de livraison est complète; …"
 */
import type { ErrorCode } from "../errors.ts";
import type { Locale } from "./locale.ts";

export { DEFAULT_LOCALE, type Locale, localeOfAcceptLanguage, parseLocale } from "./locale.ts";

export type ErrorTexts = Readonly<Record<ErrorCode, string>>;

/** One language's texts of every error code. */
export async function errorTextsOf(locale: Locale): Promise<ErrorTexts> {
  return locale === "fr-CA"
    ? (await import("./errors.fr-CA.ts")).errorTextsFr
    : (await import("./errors.en.ts")).errorTextsEn;
}

/**
 * An error's message for a caller of another language than the thrower's English: the code's text,
 * naming the field of a `VALIDATION_FAILED` ("Un champ n’est pas valide : email").
 */
export function localisedMessage(
  texts: ErrorTexts,
  code: ErrorCode,
  details?: Record<string, unknown>,
): string {
  const field = details?.field;
  return typeof field === "string" && field ? `${texts[code]} : ${field}` : texts[code];
}
