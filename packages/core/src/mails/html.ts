/**
 * What every mail's HTML is made with (templates.ts, receipt.ts; escaping is ../escape.ts): the shop's
 * look as inline styles and one-line header values (amounts, dates and words: words.ts). Pure.
 */

/** The shop's look, as inline styles (mail clients drop style sheets). */
export const GREEN = "#177a3a";
export const INK = "#1f2933";
export const MUTED = "#52606d";
export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Header values must not carry line breaks (a name could otherwise add a header to the subject). */
export const oneLine = (value: string): string => value.replace(/[\r\n]+/g, " ").trim();
