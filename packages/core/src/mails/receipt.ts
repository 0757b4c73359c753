import { escapeHtml } from "../escape.ts";
import { DEFAULT_TAX_RATES, lineCents } from "../money/pricing.ts";
import { formatQuantity, fromBase, perUnitLabel } from "../money/quantity.ts";
import { TAX_PERCENT, taxesByClassCents } from "../money/tax.ts";
import type { OrderRecord, StoredLine } from "../orders/order.records.ts";
import { INK, MUTED, money } from "./html.ts";

/**
 * The receipts order mails carry (templates.ts): the one sent when an order is paid — its lines,
 * amounts and address — and the final one sent when it was picked and weighed — each line ordered
 * against picked, substitutes, the final figures and what goes back
 * (docs/decisions/041-final-charge.md). Line totals use `lineCents`, the one pricing rule
 * (money/pricing.ts). Pure.
 */

/** One line as the order screen shows it: "Cherries — 0.75 kg × $12.99 / kg = $9.74". */
function lineParts(line: StoredLine) {
  return {
    name: line.name,
    quantity: formatQuantity(line.unit, fromBase(line.unit, line.quantity)),
    price: `${money(line.priceCents)} / ${perUnitLabel(line.unit)}`,
    total: money(lineCents(line)),
  };
}

/**
 * The tax rows of a receipt (docs/decisions/046-zones-and-tax-classes.md): one "Tax" row for a shop
 * taxing everything at the original 15 % (docs/product.md), else one row per class with its rate, adding up to the tax.
 */
function taxRows(order: OrderRecord): [string, number][] {
  const taxes = taxesByClassCents(
    order.orderItems.map((line) => ({
      taxClass: line.taxClass,
      cents: lineCents(line) - (line.discountCents ?? 0),
    })),
    order.taxRates ?? DEFAULT_TAX_RATES,
  );
  const [only] = taxes;
  if (taxes.length <= 1 && (only === undefined || only.rate === TAX_PERCENT))
    return [["Tax", order.taxCents]];
  return taxes.map((tax) => [`Tax ${tax.class} (${tax.rate} %)`, tax.amountCents]);
}

/**
 * The discount rows of a receipt (docs/decisions/049): the code and what it took off the items, and
 * the shipping a free-shipping code waived; none without a code. Amounts taken off are negative.
 */
function discountRows(order: OrderRecord, discountCents = order.discountCents ?? 0): [string, number][] {
  if (!order.promotion) return [];
  return [
    ...(discountCents > 0
      ? [[`Discount (${order.promotion.code})`, -discountCents] as [string, number]]
      : []),
    ...((order.shippingDiscountCents ?? 0) > 0
      ? [[`Free shipping (${order.promotion.code})`, -(order.shippingDiscountCents ?? 0)] as [string, number]]
      : []),
  ];
}

/** The shipping row's label: with the delivery zone when the order has one. */
const shippingLabel = (order: OrderRecord): string =>
  order.deliveryZone ? `Shipping (${order.deliveryZone.name})` : "Shipping";

const addressLines = (order: OrderRecord): string[] => {
  const a = order.shippingAddress;
  return [a.fullName, a.address, `${a.postalCode} ${a.city}`, a.country];
};

/** One row of the final receipt: what was ordered, what went in the bag, and what it costs now. */
interface FinalRow {
  name: string;
  ordered: string;
  picked: string;
  total: string;
}

/** The final receipt's rows: each line as ordered and as picked, and each substitute under the line it replaced. */
function finalRows(order: OrderRecord): FinalRow[] {
  return order.orderItems.flatMap((line) => {
    const ordered = formatQuantity(line.unit, fromBase(line.unit, line.quantity));
    const picked = line.pickedQuantity ?? line.quantity;
    const rows: FinalRow[] = [
      {
        name: line.name,
        ordered,
        picked: picked === 0 ? "unavailable" : formatQuantity(line.unit, fromBase(line.unit, picked)),
        total: money(line.finalCents ?? lineCents(line)),
      },
    ];
    const sub = line.substitution;
    if (sub) {
      rows.push({
        name: `${sub.name} (instead of ${line.name})`,
        ordered: "",
        picked: formatQuantity(sub.unit, fromBase(sub.unit, sub.quantity)),
        total: money(sub.finalCents),
      });
    }
    return rows;
  });
}

/** The final figures of a picked order (its final is recorded when this mail is due). */
function finalSums(order: OrderRecord): [string, number][] {
  const items = order.finalItemsCents ?? order.itemsCents;
  const tax = order.finalTaxCents ?? order.taxCents;
  const total = order.finalTotalCents ?? order.totalCents;
  return [
    ["Items", items],
    ...discountRows(order, order.finalizedAt === undefined ? order.discountCents : order.finalDiscountCents),
    ["Shipping", order.shippingCents],
    ["Tax", tax],
    ["Total", total],
    ["Paid", order.totalCents],
    ["Given back", order.totalCents - total],
  ];
}

export function finalReceiptHtml(order: OrderRecord): string {
  const cell = `padding:6px 8px;border-bottom:1px solid #e4e7eb;font-size:14px;color:${INK}`;
  const rows = finalRows(order)
    .map(
      (row) =>
        `<tr><td style="${cell}">${escapeHtml(row.name)}</td><td style="${cell};text-align:right">${escapeHtml(row.ordered)}</td><td style="${cell};text-align:right">${escapeHtml(row.picked)}</td><td style="${cell};text-align:right">${escapeHtml(row.total)}</td></tr>`,
    )
    .join("");
  const sums = finalSums(order)
    .map(
      ([label, cents]) =>
        `<tr><td colspan="3" style="${cell};text-align:right">${label}</td><td style="${cell};text-align:right">${money(cents)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
<tr><th align="left" style="${cell}">Item</th><th align="right" style="${cell}">Ordered</th><th align="right" style="${cell}">Picked</th><th align="right" style="${cell}">Total</th></tr>
${rows}
${sums}
</table>`;
}

export function finalReceiptText(order: OrderRecord): string {
  return [
    ...finalRows(order).map(
      (row) =>
        `- ${row.name}: ${row.ordered ? `ordered ${row.ordered}, ` : ""}picked ${row.picked} = ${row.total}`,
    ),
    "",
    ...finalSums(order).map(([label, cents]) => `${`${label}:`.padEnd(12)}${money(cents)}`),
  ].join("\n");
}

export function receiptHtml(order: OrderRecord): string {
  const cell = `padding:6px 8px;border-bottom:1px solid #e4e7eb;font-size:14px;color:${INK}`;
  const rows = order.orderItems
    .map((line) => {
      const p = lineParts(line);
      return `<tr><td style="${cell}">${escapeHtml(p.name)}</td><td style="${cell};text-align:right">${escapeHtml(p.quantity)}</td><td style="${cell};text-align:right">${escapeHtml(p.price)}</td><td style="${cell};text-align:right">${escapeHtml(p.total)}</td></tr>`;
    })
    .join("");
  const sum = (label: string, cents: number, strong = false) =>
    `<tr><td colspan="3" style="${cell};text-align:right">${strong ? "<strong>" : ""}${label}${strong ? "</strong>" : ""}</td><td style="${cell};text-align:right">${strong ? "<strong>" : ""}${money(cents)}${strong ? "</strong>" : ""}</td></tr>`;
  const address = addressLines(order).map(escapeHtml).join("<br>");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
<tr><th align="left" style="${cell}">Item</th><th align="right" style="${cell}">Quantity</th><th align="right" style="${cell}">Price</th><th align="right" style="${cell}">Total</th></tr>
${rows}
${sum("Items", order.itemsCents)}${discountRows(order)
  .map(([label, cents]) => sum(escapeHtml(label), cents))
  .join("")}${sum(escapeHtml(shippingLabel(order)), order.shippingCents)}${taxRows(order)
  .map(([label, cents]) => sum(escapeHtml(label), cents))
  .join("")}${sum("Total", order.totalCents, true)}
</table>
<p style="margin:0 0 4px;font-size:14px;color:${MUTED}">Shipping to</p>
<p style="margin:0 0 16px;font-size:14px;color:${INK}">${address}</p>`;
}

/** "Tax:      $2.51": the label and its colon padded so the amounts line up. */
const textRow = (label: string, cents: number) => `${`${label}:`.padEnd(9)} ${money(cents)}`;

export function receiptText(order: OrderRecord): string {
  const lines = order.orderItems.map((line) => {
    const p = lineParts(line);
    return `- ${p.name}: ${p.quantity} x ${p.price} = ${p.total}`;
  });
  return [
    ...lines,
    "",
    `Items:    ${money(order.itemsCents)}`,
    ...discountRows(order).map(([label, cents]) => textRow(label, cents)),
    textRow(shippingLabel(order), order.shippingCents),
    ...taxRows(order).map(([label, cents]) => textRow(label, cents)),
    `Total:    ${money(order.totalCents)}`,
    "",
    "Shipping to:",
    ...addressLines(order),
  ].join("\n");
}
