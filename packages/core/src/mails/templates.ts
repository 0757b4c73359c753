import { escapeHtml } from "../escape.ts";
import type { Locale } from "../i18n/locale.ts";
import { toCents } from "../money/pricing.ts";
import { fromBase } from "../money/quantity.ts";
import type { OrderRecord } from "../orders/order.records.ts";
import { FONT, GREEN, INK, MUTED, oneLine } from "./html.ts";
import { finalReceiptHtml, finalReceiptText, receiptHtml, receiptText } from "./receipt.ts";
import { type MailWords, mailWords } from "./words.ts";

/**
 * The order mails' templates: one subject, an HTML part and a text part per mail, in the shop's
 * look (its green), in the order's language (`order.locale`: every sentence, amount, date and
 * quantity through `MailWords`, words.ts; docs/decisions/050-i18n-formatjs.md). Pure: no I/O, no SDK. Only the mail subscriber
 * imports this module, so rendering never lands on the API's cold start.
 *
 * Every value that came from a user — the customer's name, the address, product names, a refund's
 * reason — goes through `escapeHtml` in the HTML part; the text part is plain text, so nothing in
 * it is markup. Amounts are the order's stored cents; line totals use `lineCents`, the one pricing
 * rule (money/pricing.ts), so a mail shows exactly the figures of the order screen.
 */

/** A rendered mail. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** The mail's language: its `Content-Language` header (ses.ts). */
  language: Locale;
}

/**
 * A refund as the refund mail takes it: the amount in dollars, the reason the admin gave, when.
 * This is the shape the refund records are answered in by the API (`_id`, dollars), not their
 * stored shape.
 */
export interface RefundForMail {
  _id: string;
  amount: number;
  reason: string;
  createdAt: string;
}

/**
 * Who and where: the customer's current name and the shop's public URL (no trailing slash); `words`
 * replaces the order's language (tests: the pseudo-locale).
 */
export interface MailContext {
  customerName: string;
  shopUrl: string;
  words?: MailWords;
}

/** The order screen of an order, on the shop's URL (packages/web/src/app/routes.tsx: `/order/:id`). */
export const orderUrl = (shopUrl: string, orderId: string): string =>
  `${shopUrl.replace(/\/+$/, "")}/order/${encodeURIComponent(orderId)}`;

/** The parts every mail is made of; each mail picks its own. */
interface Body {
  /** The subject's words after the shop's name. */
  subject: string;
  /** The heading, plain text. */
  heading: string;
  /** Paragraphs, plain text (escaped in the HTML part). */
  paragraphs: string[];
  /** With the order's lines, amounts and address (the receipt), or its lines as picked (the final receipt). */
  receipt?: boolean | "final";
}

/** The words of an order's mails: the context's, else the order's language. */
const wordsOf = (order: OrderRecord, context: MailContext): MailWords =>
  context.words ?? mailWords(order.locale);

/** Lays out one mail: both parts from the same plain-text pieces. */
function layout(order: OrderRecord, context: MailContext, body: Body): RenderedMail {
  const words = wordsOf(order, context);
  const { t } = words;
  const link = orderUrl(context.shopUrl, order.id);
  const greeting = t("greeting", { name: oneLine(context.customerName) });
  // Every order mail names the order's delivery window (docs/decisions/040-delivery-windows.md).
  const window = order.deliverySlot
    ? [t("deliveryWindow", { window: words.window(order.deliverySlot) })]
    : [];
  const paragraphs = [...body.paragraphs, ...window]
    .map(
      (text) =>
        `<p style="margin:0 0 12px;font-size:15px;line-height:1.5;color:${INK}">${escapeHtml(text)}</p>`,
    )
    .join("\n");
  const receiptPart =
    body.receipt === "final" ? finalReceiptHtml(order, words) : body.receipt ? receiptHtml(order, words) : "";
  const html = `<!doctype html>
<html lang="${words.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.heading)}</title></head>
<body style="margin:0;padding:0;background:#f5f7f5;font-family:${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${GREEN};padding:16px 24px;color:#ffffff;font-size:20px;font-weight:700">${escapeHtml(t("shopName"))}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;color:${INK}">${escapeHtml(body.heading)}</h1>
<p style="margin:0 0 12px;font-size:15px;color:${INK}">${escapeHtml(greeting)}</p>
${paragraphs}
${receiptPart}
<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:${GREEN};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${escapeHtml(t("viewOrder", { orderId: order.id }))}</a></p>
<p style="margin:0;font-size:13px;color:${MUTED}">${escapeHtml(t("orderFooter", { orderId: order.id }))} · ${escapeHtml(link)}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  const text = [
    t("shopName"),
    "",
    body.heading,
    "",
    greeting,
    "",
    ...[...body.paragraphs, ...window].flatMap((paragraph) => [paragraph, ""]),
    ...(body.receipt === "final"
      ? [finalReceiptText(order, words), ""]
      : body.receipt
        ? [receiptText(order, words), ""]
        : []),
    `${t("orderFooter", { orderId: order.id })}: ${link}`,
    "",
  ].join("\n");
  return { subject: oneLine(t("subject", { what: body.subject })), html, text, language: words.locale };
}

/**
 * How long an unpaid order is held, as people say it: "60 minutes", "2 hours", "1 hour 30 minutes"
 * ("1 heure 30 minutes"), each count's word by the language's plural rule.
 */
export function holdDuration(
  order: Pick<OrderRecord, "createdAt" | "holdUntil">,
  words: MailWords = mailWords("en"),
): string | undefined {
  if (!order.holdUntil) return undefined;
  const { t } = words;
  const minutes = Math.round((Date.parse(order.holdUntil) - Date.parse(order.createdAt)) / 60_000);
  if (!(minutes > 0)) return t("holdUnderAMinute");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t("holdMinutes", { count: rest });
  const hoursText = t("holdHours", { count: hours });
  return rest === 0
    ? hoursText
    : t("holdHoursMinutes", { hours: hoursText, minutes: t("holdMinutes", { count: rest }) });
}

/** "We received your order" — with how long it is held unpaid. */
export function renderPlaced(order: OrderRecord, context: MailContext): RenderedMail {
  const words = wordsOf(order, context);
  const { t } = words;
  const held = holdDuration(order, words);
  return layout(order, context, {
    subject: t("placedSubject", { orderId: order.id }),
    heading: t("placedHeading"),
    paragraphs: [
      t("placedThanks", { orderId: order.id, total: words.money(order.totalCents) }),
      held && order.holdUntil
        ? t("placedHeld", { duration: held, until: words.when(order.holdUntil) })
        : t("placedPay"),
    ],
  });
}

/** What changed in a subscription's box: each line capped at the stock, or unavailable. */
function boxChanges(order: OrderRecord, words: MailWords): string[] {
  const { t } = words;
  const names = new Map(order.orderItems.map((line) => [line.productId, line.name]));
  return (order.changes ?? []).map((change) => {
    const name = names.get(change.productId);
    const wanted = words.quantity(change.unit, fromBase(change.unit, change.wanted));
    if (change.given === 0)
      return name === undefined
        ? t("boxItemUnavailable", { wanted })
        : t("boxLineUnavailable", { name, wanted });
    const given = words.quantity(change.unit, fromBase(change.unit, change.given));
    return t("boxLineCapped", { name: name ?? t("boxOneItem"), given, wanted });
  });
}

/** The day a subscription's box is delivered: its window, else its date. */
const boxDay = (order: OrderRecord, words: MailWords): string =>
  order.deliverySlot ? words.window(order.deliverySlot) : (order.subscription?.date ?? "");

/** "Your box for <day> is ready": its lines, what changed and the link to pay before the cut-off. */
export function renderBoxReady(order: OrderRecord, context: MailContext): RenderedMail {
  const words = wordsOf(order, context);
  const { t } = words;
  const day = boxDay(order, words);
  return layout(order, context, {
    subject: t("boxReadySubject", { day }),
    heading: t("boxReadyHeading", { day }),
    paragraphs: [
      t("boxReadyTotal", { orderId: order.id, total: words.money(order.totalCents) }),
      ...boxChanges(order, words),
      order.holdUntil ? t("boxPayBy", { until: words.when(order.holdUntil) }) : t("placedPay"),
    ],
    receipt: true,
  });
}

/** The reminder, 12 hours before the cut-off, of a box still unpaid. */
export function renderBoxReminder(order: OrderRecord, context: MailContext): RenderedMail {
  const words = wordsOf(order, context);
  const { t } = words;
  const day = boxDay(order, words);
  return layout(order, context, {
    subject: t("boxReminderSubject", { day }),
    heading: t("boxReminderHeading", { day }),
    paragraphs: [
      t("boxReminderUnpaid", { orderId: order.id, total: words.money(order.totalCents) }),
      order.holdUntil ? t("boxReminderPayBy", { until: words.when(order.holdUntil) }) : t("placedPay"),
    ],
  });
}

/** The receipt: lines, amounts and the shipping address. */
export function renderPaid(order: OrderRecord, context: MailContext): RenderedMail {
  const words = wordsOf(order, context);
  const { t } = words;
  const values = { orderId: order.id, total: words.money(order.totalCents) };
  return layout(order, context, {
    subject: t("paidSubject", { orderId: order.id }),
    heading: t("paidHeading"),
    paragraphs: [
      order.paidAt
        ? t("paidReceivedOn", { ...values, date: words.when(order.paidAt) })
        : t("paidReceived", values),
    ],
    receipt: true,
  });
}

export function renderDelivered(order: OrderRecord, context: MailContext): RenderedMail {
  const words = wordsOf(order, context);
  const { t } = words;
  return layout(order, context, {
    subject: t("deliveredSubject", { orderId: order.id }),
    heading: t("deliveredHeading"),
    paragraphs: [
      order.deliveredAt
        ? t("deliveredTextOn", { orderId: order.id, date: words.when(order.deliveredAt) })
        : t("deliveredText", { orderId: order.id }),
    ],
  });
}

/** Cancelled because it was not paid within its hold. */
export function renderCancelled(order: OrderRecord, context: MailContext): RenderedMail {
  const words = wordsOf(order, context);
  const { t } = words;
  return layout(order, context, {
    subject: t("cancelledSubject", { orderId: order.id }),
    heading: t("cancelledHeading"),
    paragraphs: [
      order.cancelledAt
        ? t("cancelledTextOn", { orderId: order.id, date: words.when(order.cancelledAt) })
        : t("cancelledText", { orderId: order.id }),
      t("cancelledAgain"),
    ],
  });
}

/** A refund of (part of) a paid order: its amount and the reason given. */
export function renderRefunded(
  order: OrderRecord,
  refund: RefundForMail,
  context: MailContext,
): RenderedMail {
  const words = wordsOf(order, context);
  const { t } = words;
  return layout(order, context, {
    subject: t("refundedSubject", { orderId: order.id }),
    heading: t("refundedHeading"),
    paragraphs: [
      t("refundedText", {
        amount: words.money(toCents(refund.amount)),
        orderId: order.id,
        date: words.when(refund.createdAt),
      }),
      t("refundedReason", { reason: refund.reason }),
      t("refundedBank"),
    ],
  });
}

/**
 * The final receipt: the order as it was picked and weighed, when that differs from what was paid —
 * each line ordered against picked, substitutes, the final total and what goes back
 * (docs/decisions/041-final-charge.md). The refund mail follows once PayPal confirms the money.
 */
export function renderFinal(order: OrderRecord, context: MailContext): RenderedMail {
  const words = wordsOf(order, context);
  const { t } = words;
  const total = order.finalTotalCents ?? order.totalCents;
  return layout(order, context, {
    subject: t("finalSubject", { orderId: order.id }),
    heading: t("finalHeading"),
    paragraphs: [
      t("finalText", { orderId: order.id, total: words.money(total), paid: words.money(order.totalCents) }),
      t("finalGivenBack", { amount: words.money(order.totalCents - total) }),
    ],
    receipt: "final",
  });
}
