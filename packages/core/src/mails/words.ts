import { formatCents, formatDateTime, formatWindow } from "../i18n/format.ts";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locale.ts";
import { type Catalogue, type MessageValues, translator } from "../i18n/messages.ts";
import { formatUnitQuantity, perUnitWord } from "../i18n/quantity.ts";
import type { Unit } from "../money/quantity.ts";
import { DEFAULT_TIME_ZONE, type DeliverySlotRef } from "../slots/delivery.schema.ts";
import { type MailKey, mailMessagesEn } from "./messages.en.ts";
import { mailMessagesFr } from "./messages.fr-CA.ts";

/**
 * A mail's words: its language, its sentences (messages.en.ts, messages.fr-CA.ts) and the formats
 * of its amounts, dates, windows and quantities (core's i18n/, `Intl` in the shop's time zone).
 * Every template writes through one of these, so a mail is wholly in its recipient's language
 * (docs/decisions/050-i18n-formatjs.md). Pure.
 */
export interface MailWords {
  locale: Locale;
  t: (key: MailKey, values?: MessageValues) => string;
  /** "12,49 $ US", "$12.49". */
  money: (cents: number) => string;
  /** An instant in the shop's time zone: "21 novembre 2026 à 10 h 05". */
  when: (iso: string) => string;
  /** A delivery window: "samedi 5 décembre, 10 h – 12 h". */
  window: (slot: DeliverySlotRef) => string;
  /** "0,75 kg", "2 pièces". */
  quantity: (unit: Unit, quantity: number) => string;
  /** "kg", "pièce" / "pc". */
  perUnit: (unit: Unit) => string;
}

const CATALOGUES: Readonly<Record<Locale, Catalogue<MailKey>>> = {
  en: mailMessagesEn,
  "fr-CA": mailMessagesFr,
};

/**
 * The words of mails in `locale` (`en` when absent: items stored before languages); `catalogue`
 * replaces its sentences (the pseudo-locale of the tests).
 *
 * @example
 * const words = mailWords("fr-CA");
 * words.t("placedSubject", { orderId }) // "commande 01J… reçue"
 */
export function mailWords(
  locale: Locale | undefined,
  { catalogue, timeZone = DEFAULT_TIME_ZONE }: { catalogue?: Catalogue<MailKey>; timeZone?: string } = {},
): MailWords {
  const language = locale ?? DEFAULT_LOCALE;
  return {
    locale: language,
    t: translator(language, catalogue ?? CATALOGUES[language]),
    money: (cents) => formatCents(language, cents),
    when: (iso) => formatDateTime(language, iso, timeZone),
    window: (slot) => formatWindow(language, slot),
    quantity: (unit, quantity) => formatUnitQuantity(language, unit, quantity),
    perUnit: (unit) => perUnitWord(language, unit),
  };
}
