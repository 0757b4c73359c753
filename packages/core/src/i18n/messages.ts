/**
 * ICU messages (docs/decisions/050-i18n-formatjs.md): every sentence the shop writes to a person is
 * an ICU MessageFormat string in a per-language catalogue, formatted by FormatJS's
 * `intl-messageformat` — the same syntax `react-intl` reads in the browser. Plurals are chosen by
 * the language's own rules inside the message (`{count, plural, one {# pièce} other {# pièces}}`):
 * French takes the singular for 0 and 1.5, English for 1 alone, so code never compares a count with 1.
 *
 * @example
 * const t = translator("fr-CA", frenchMails);
 * t("itemsCount", { count: 0 }) // "0 article"
 */
import { IntlMessageFormat } from "intl-messageformat";
import type { Locale } from "./locale.ts";

/** A parsed message's elements (the ICU parser's AST, as `intl-messageformat` hands it out). */
type MessageFormatElement = ReturnType<IntlMessageFormat["getAst"]>[number];
type PluralOption = { value: MessageFormatElement[] };

/** A message: ICU source text, or an already parsed one (the pseudo-locale's). */
export type Message = string | MessageFormatElement[];

/** A catalogue: each key's message in one language. */
export type Catalogue<K extends string = string> = Readonly<Record<K, Message>>;

/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number | Date | boolean | null | undefined>;

const formats = new Map<Message, Map<string, IntlMessageFormat>>();

function compiled(locale: string, message: Message): IntlMessageFormat {
  let byLocale = formats.get(message);
  if (!byLocale) {
    byLocale = new Map();
    formats.set(message, byLocale);
  }
  let format = byLocale.get(locale);
  if (!format) {
    // `ignoreTag`: "<" is text (an address in angle brackets), never a rich-text tag.
    format = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true });
    byLocale.set(locale, format);
  }
  return format;
}

/**
 * One ICU message formatted in a locale. A missing value is an error (a message names what it needs).
 *
 * @example
 * formatMessage("fr-CA", "{count, plural, one {# pièce} other {# pièces}}", { count: 1.5 }) // "1,5 pièce"
 */
export function formatMessage(locale: Locale, message: Message, values?: MessageValues): string {
  const result = compiled(locale, message).format(values as Record<string, string | number>);
  return Array.isArray(result) ? result.join("") : String(result);
}

/** A catalogue's formatter in one locale: `t(key, values)`. */
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

/**
 * The formatter of a catalogue's keys in a locale.
 *
 * @example
 * const t = translator("en", englishMails);
 * t("subjectPlaced", { orderId: "01J…" })
 */
export function translator<K extends string>(locale: Locale, catalogue: Catalogue<K>): Translate<K> {
  return (key, values) => formatMessage(locale, catalogue[key], values);
}

/**
 * The plural category of a count in a language (CLDR rules through `Intl.PluralRules`): French
 * "one" for 0, 1 and 1.5; English "one" for 1 only. For code that picks among forms without a
 * message (prefer an ICU `plural` inside the message).
 */
export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The form of a word for a count, by the language's plural rules.
 *
 * @example
 * pluralForm("fr-CA", 0, { one: "pièce", other: "pièces" }) // "pièce"
 */
export const pluralForm = <T>(
  locale: Locale,
  count: number,
  forms: { one: T; other: T } & Partial<Record<Intl.LDMLPluralRule, T>>,
): T => forms[pluralCategory(locale, count)] ?? forms.other;

// The pseudo-locale: every letter of a message's own text is swapped for an accented twin and the
// text is bracketed, placeholders untouched. Text rendered through it that still reads as plain
// ASCII words was not written through a catalogue (tests over every mail kind look for such text).
const PSEUDO: Readonly<Record<string, string>> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((letter, index) => [
    letter,
    [..."àƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ"][index] ?? letter,
  ]),
);

/** A text in the pseudo-locale's letters: "Order" → "Óŕđéŕ". */
export const pseudoText = (text: string): string => text.replace(/[A-Za-z]/g, (c) => PSEUDO[c] ?? c);

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === 0) return { ...element, value: pseudoText(element.value) };
    if ("options" in element) {
      const options = Object.fromEntries(
        Object.entries<PluralOption>(element.options).map(([key, option]) => [
          key,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    if ("children" in element) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

/**
 * A catalogue in the pseudo-locale (for tests): each message's literal text in accented letters,
 * its placeholders and plural branches kept.
 */
export function pseudoCatalogue<K extends string>(catalogue: Catalogue<K>): Catalogue<K> {
  const entries = Object.entries<Message>(catalogue).map(([key, message]) => {
    const ast =
      typeof message === "string"
        ? new IntlMessageFormat(message, "en", undefined, { ignoreTag: true }).getAst()
        : message;
    return [key, pseudoElements(ast)];
  });
  return Object.fromEntries(entries) as Catalogue<K>;
}
