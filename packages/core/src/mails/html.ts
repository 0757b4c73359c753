import { formatMoney, toDollars } from "../money/pricing.ts";

/**
 * What every mail's HTML is made with (templates.ts, receipt.ts; escaping is ../escape.ts): the shop's
 * look as inline styles, one-line header values, and the money and time formats the order screens use. Pure.
 */

/** The shop's look, as inline styles (mail clients drop style sheets). */
export const GREEN = "#177a3a";
export const INK = "#1f2933";
export const MUTED = "#52606d";
export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Header values must not carry line breaks (a name could otherwise add a header to the subject). */
export const oneLine = (value: string): string => value.replace(/[\r\n]+/g, " ").trim();

/** Cents as the mails show money; an amount taken off (a discount, negative) as "−$4.00". */
export const money = (cents: number): string =>
  cents < 0 ? `−${formatMoney(toDollars(-cents))}` : formatMoney(toDollars(cents));
/** "2026-11-21 14:05 UTC" from an ISO date (the order screen's format, with its zone said). */
export const when = (iso: string): string => `${iso.substring(0, 10)} ${iso.substring(11, 16)} UTC`;
