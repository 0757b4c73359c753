import { escapeHtml } from "../escape.ts";
import type { RenderedMail } from "./templates.ts";
import type { MailWords } from "./words.ts";

/**
 * The layout of notice mails (mails/notice.ts): a heading, paragraphs, an optional button link and
 * an optional unsubscribe link, in the order mails' look (mails/templates.ts). Every piece is plain
 * text in the recipient's language (`words`: docs/decisions/050-i18n-formatjs.md) and goes through
 * `escapeHtml` in the HTML part — names, subjects and messages people typed
 * can never open a tag; URLs are escaped for their attribute too. Pure: no I/O.
 */
export interface NoticeBody {
  subject: string;
  heading: string;
  paragraphs: string[];
  link?: { url: string; label: string };
  unsubscribeUrl?: string;
}

const GREEN = "#177a3a";
const INK = "#1f2933";
const MUTED = "#52606d";
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Header values must not carry line breaks. */
export const oneLine = (value: string): string => value.replace(/[\r\n]+/g, " ").trim();

/** Both parts of a notice mail from the same pieces. */
export function renderNotice(body: NoticeBody, words: MailWords): RenderedMail {
  const { t } = words;
  const paragraphs = body.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 12px;font-size:15px;line-height:1.5;color:${INK};white-space:pre-wrap">${escapeHtml(p)}</p>`,
    )
    .join("\n");
  const button = body.link
    ? `<p style="margin:20px 0"><a href="${escapeHtml(body.link.url)}" style="background:${GREEN};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(body.link.label)}</a></p>`
    : "";
  const unsubscribe = body.unsubscribeUrl
    ? `<p style="margin:24px 0 0;font-size:12px;color:${MUTED}">${escapeHtml(t("unsubscribeHtml", { link: "\u0000" })).replace("\u0000", `<a href="${escapeHtml(body.unsubscribeUrl)}" style="color:${MUTED}">${escapeHtml(t("unsubscribeLink"))}</a>`)}</p>`
    : "";
  const html = `<!doctype html><html lang="${words.locale}"><body style="margin:0;padding:24px;font-family:${FONT};background:#f5f7fa">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 8px;font-size:13px;font-weight:700;color:${GREEN}">${escapeHtml(t("shopName"))}</p>
<h1 style="margin:0 0 16px;font-size:20px;color:${INK}">${escapeHtml(body.heading)}</h1>
${paragraphs}
${button}
${unsubscribe}
</div></body></html>`;
  const text = [
    body.heading,
    "",
    ...body.paragraphs.flatMap((p) => [p, ""]),
    ...(body.link ? [`${body.link.label}: ${body.link.url}`, ""] : []),
    ...(body.unsubscribeUrl ? [t("unsubscribeText", { url: body.unsubscribeUrl })] : []),
  ].join("\n");
  return { subject: oneLine(t("subject", { what: body.subject })), html, text, language: words.locale };
}
