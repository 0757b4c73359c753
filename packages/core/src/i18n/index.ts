/**
 * The shop's languages (docs/decisions/050-i18n-formatjs.md): locale names and parsing, `Intl`
 * formatters of amounts, weights, quantities, dates and delivery windows, and ICU messages through
 * FormatJS. Browser-safe: the server and the SPA format alike.
 */

export * from "./error-texts.ts";
export * from "./format.ts";
export * from "./locale.ts";
export * from "./messages.ts";
export * from "./quantity.ts";
