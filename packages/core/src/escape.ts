/**
 * Escaping for what the shop writes into HTML — page heads (docs/decisions/034-page-heads.md) and
 * mails (mails/html.ts): every product, review, category, name and address text is data from the
 * admin or a shopper.
 */

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "\u2028": "&#x2028;",
  "\u2029": "&#x2029;",
};

/**
 * Text for an element's content or a quoted attribute value: `& < > " '` as entities, so a value
 * can never open a tag or leave an attribute; the line and paragraph
 * separators as references too, so no raw U+2028 reaches a page.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"'\u2028\u2029]/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * JSON for the inside of a `<script type="application/ld+json">` block: `<`, `>` and `&` as `\u00XX`
 * escapes, so no text can close the element (`</script>`) or open a comment (`<!--`), and U+2028 /
 * U+2029 escaped too (valid in JSON, line terminators in older JavaScript parsers). The result
 * parses back to the same value with JSON.parse.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
