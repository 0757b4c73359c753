import { escapeHtml } from "../escape.ts";
import { formatMoney } from "../money/pricing.ts";
import { formatQuantity, fromBase } from "../money/quantity.ts";
import type { OrderRecord } from "../orders/order.records.ts";
import { describeSlot } from "../slots/delivery.schema.ts";
import { FONT, GREEN, INK, MUTED, money, oneLine, when } from "./html.ts";
import { finalReceiptHtml, finalReceiptText, receiptHtml, receiptText } from "./receipt.ts";

/**
 * The order mails' templates: one subject, an HTML part and a text part per mail, in the shop's
 * look (its green, its money and quantity formats). Pure: no I/O, no SDK. Only the mail subscriber
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

/** Who and where: the customer's current name and the shop's public URL (no trailing slash). */
export interface MailContext {
  customerName: string;
  shopUrl: string;
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

/** Lays out one mail: both parts from the same plain-text pieces. */
function layout(order: OrderRecord, context: MailContext, body: Body): RenderedMail {
  const link = orderUrl(context.shopUrl, order.id);
  const greeting = `Hello ${oneLine(context.customerName)},`;
  // Every order mail names the order's delivery window (docs/decisions/040-delivery-windows.md).
  const window = order.deliverySlot ? [`Delivery window: ${describeSlot(order.deliverySlot)}.`] : [];
  const paragraphs = [...body.paragraphs, ...window]
    .map(
      (text) =>
        `<p style="margin:0 0 12px;font-size:15px;line-height:1.5;color:${INK}">${escapeHtml(text)}</p>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.heading)}</title></head>
<body style="margin:0;padding:0;background:#f5f7f5;font-family:${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${GREEN};padding:16px 24px;color:#ffffff;font-size:20px;font-weight:700">Fruit Shop</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;color:${INK}">${escapeHtml(body.heading)}</h1>
<p style="margin:0 0 12px;font-size:15px;color:${INK}">${escapeHtml(greeting)}</p>
${paragraphs}
${body.receipt === "final" ? finalReceiptHtml(order) : body.receipt ? receiptHtml(order) : ""}
<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:${GREEN};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">View order ${escapeHtml(order.id)}</a></p>
<p style="margin:0;font-size:13px;color:${MUTED}">Order ${escapeHtml(order.id)} · ${escapeHtml(link)}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  const text = [
    "Fruit Shop",
    "",
    body.heading,
    "",
    greeting,
    "",
    ...[...body.paragraphs, ...window].flatMap((paragraph) => [paragraph, ""]),
    ...(body.receipt === "final"
      ? [finalReceiptText(order), ""]
      : body.receipt
        ? [receiptText(order), ""]
        : []),
    `Order ${order.id}: ${link}`,
    "",
  ].join("\n");
  return { subject: `Fruit Shop: ${body.subject}`, html, text };
}

/** How long an unpaid order is held, as people say it: "60 minutes", "2 hours", "1 hour 30 minutes". */
export function holdDuration(order: Pick<OrderRecord, "createdAt" | "holdUntil">): string | undefined {
  if (!order.holdUntil) return undefined;
  const minutes = Math.round((Date.parse(order.holdUntil) - Date.parse(order.createdAt)) / 60_000);
  if (!(minutes > 0)) return "less than a minute";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (hours === 0) return unit(rest, "minute");
  return rest === 0 ? unit(hours, "hour") : `${unit(hours, "hour")} ${unit(rest, "minute")}`;
}

/** "We received your order" — with how long it is held unpaid. */
export function renderPlaced(order: OrderRecord, context: MailContext): RenderedMail {
  const held = holdDuration(order);
  return layout(order, context, {
    subject: `order ${order.id} received`,
    heading: "We received your order",
    paragraphs: [
      `Thank you for your order ${order.id} of ${money(order.totalCents)}.`,
      held && order.holdUntil
        ? `We hold its items for you for ${held}, until ${when(order.holdUntil)}. Please pay by then: an order still unpaid at that time is cancelled and its items go back on sale.`
        : "Please pay for it on the order page.",
    ],
  });
}

/** What changed in a subscription's box: each line capped at the stock, or unavailable. */
function boxChanges(order: OrderRecord): string[] {
  const names = new Map(order.orderItems.map((line) => [line.productId, line.name]));
  return (order.changes ?? []).map((change) => {
    const name = names.get(change.productId) ?? "One item";
    const wanted = formatQuantity(change.unit, fromBase(change.unit, change.wanted));
    if (change.given === 0)
      return `${name === "One item" ? "One of your items" : name} is not available this week (you asked for ${wanted}); it stays in your subscription and comes back when it is in season again.`;
    return `${name}: ${formatQuantity(change.unit, fromBase(change.unit, change.given))} instead of ${wanted}, all we have this week.`;
  });
}

/** "Your box for <day> is ready": its lines, what changed and the link to pay before the cut-off. */
export function renderBoxReady(order: OrderRecord, context: MailContext): RenderedMail {
  const day = order.deliverySlot ? describeSlot(order.deliverySlot) : (order.subscription?.date ?? "");
  return layout(order, context, {
    subject: `your box for ${day} is ready`,
    heading: `Your box for ${day} is ready`,
    paragraphs: [
      `Your weekly box, order ${order.id}, comes to ${money(order.totalCents)}.`,
      ...boxChanges(order),
      order.holdUntil
        ? `Please pay for it by ${when(order.holdUntil)} with the link below; unpaid then, it is cancelled and nothing is charged. To skip this week instead, open My subscriptions.`
        : "Please pay for it on the order page.",
    ],
    receipt: true,
  });
}

/** The reminder, 12 hours before the cut-off, of a box still unpaid. */
export function renderBoxReminder(order: OrderRecord, context: MailContext): RenderedMail {
  const day = order.deliverySlot ? describeSlot(order.deliverySlot) : (order.subscription?.date ?? "");
  return layout(order, context, {
    subject: `your box for ${day} is waiting to be paid`,
    heading: `Your box for ${day} is waiting`,
    paragraphs: [
      `Order ${order.id} of ${money(order.totalCents)} is not paid yet.`,
      order.holdUntil
        ? `Please pay for it by ${when(order.holdUntil)}; unpaid then, it is cancelled and nothing is charged.`
        : "Please pay for it on the order page.",
    ],
  });
}

/** The receipt: lines, amounts and the shipping address. */
export function renderPaid(order: OrderRecord, context: MailContext): RenderedMail {
  return layout(order, context, {
    subject: `receipt for order ${order.id}`,
    heading: "Thank you for your payment",
    paragraphs: [
      `We received ${money(order.totalCents)} for order ${order.id}${order.paidAt ? ` on ${when(order.paidAt)}` : ""}. Here is your receipt.`,
    ],
    receipt: true,
  });
}

export function renderDelivered(order: OrderRecord, context: MailContext): RenderedMail {
  return layout(order, context, {
    subject: `order ${order.id} delivered`,
    heading: "Your order was delivered",
    paragraphs: [
      `Order ${order.id} was delivered${order.deliveredAt ? ` on ${when(order.deliveredAt)}` : ""}. Enjoy your fruit!`,
    ],
  });
}

/** Cancelled because it was not paid within its hold. */
export function renderCancelled(order: OrderRecord, context: MailContext): RenderedMail {
  return layout(order, context, {
    subject: `order ${order.id} cancelled`,
    heading: "Your order was cancelled",
    paragraphs: [
      `Order ${order.id} was not paid in time and was cancelled${order.cancelledAt ? ` on ${when(order.cancelledAt)}` : ""}. Its items went back on sale and nothing was charged.`,
      "You are welcome to order again at any time.",
    ],
  });
}

/** A refund of (part of) a paid order: its amount and the reason given. */
export function renderRefunded(
  order: OrderRecord,
  refund: RefundForMail,
  context: MailContext,
): RenderedMail {
  return layout(order, context, {
    subject: `refund for order ${order.id}`,
    heading: "We refunded your payment",
    paragraphs: [
      `We refunded ${formatMoney(refund.amount)} of order ${order.id} on ${when(refund.createdAt)}.`,
      `Reason: ${refund.reason}`,
      "The money returns to the account you paid with; your bank may take a few days to show it.",
    ],
  });
}

/**
 * The final receipt: the order as it was picked and weighed, when that differs from what was paid —
 * each line ordered against picked, substitutes, the final total and what goes back
 * (docs/decisions/041-final-charge.md). The refund mail follows once PayPal confirms the money.
 */
export function renderFinal(order: OrderRecord, context: MailContext): RenderedMail {
  const total = order.finalTotalCents ?? order.totalCents;
  return layout(order, context, {
    subject: `final receipt for order ${order.id}`,
    heading: "Your order was picked and weighed",
    paragraphs: [
      `We picked order ${order.id}. You pay only for what went in your bag, never more than you approved: ${money(total)} instead of the ${money(order.totalCents)} you paid.`,
      `We are giving back ${money(order.totalCents - total)} to the account you paid with as a weight adjustment; your bank may take a few days to show it.`,
    ],
    receipt: "final",
  });
}
