import { escapeHtml } from "../escape.ts";
import { DEFAULT_TAX_RATES, lineCents } from "../money/pricing.ts";
import { fromBase } from "../money/quantity.ts";
import { TAX_PERCENT, taxesByClassCents } from "../money/tax.ts";
import type { OrderRecord, StoredLine } from "../orders/order.records.ts";
import { INK, MUTED } from "./html.ts";
import type { MailWords } from "./words.ts";

/**
 * The receipts order mails carry (templates.ts): the one sent when an order is paid — its lines,
 * amounts and address — and the final one sent when it was picked and weighed — each line ordered
 * against picked, substitutes, the final figures and what goes back
 * (docs/decisions/041-final-charge.md). Line totals use `lineCents`, the one pricing rule
 * (money/pricing.ts). Every word and figure is the order's language's (`MailWords`, words.ts). Pure.
 */

/** One line as the order screen shows it: "Cherries — 0.75 kg × $12.99 / kg = $9.74". */
function lineParts(line: StoredLine, words: MailWords) {
  return {
    name: line.name,
    quantity: words.quantity(line.unit, fromBase(line.unit, line.quantity)),
    price: words.t("pricePer", { price: words.money(line.priceCents), unit: words.perUnit(line.unit) }),
    total: words.money(lineCents(line)),
  };
}

/**
 * The tax rows of a receipt (docs/decisions/046-zones-and-tax-classes.md): one "Tax" row for a shop
 * taxing everything at the original 15 % (docs/product.md), else one row per class with its rate, adding up to the tax.
 */
function taxRows(order: OrderRecord, { t }: MailWords): [string, number][] {
  const taxes = taxesByClassCents(
    order.orderItems.map((line) => ({
      taxClass: line.taxClass,
      cents: lineCents(line) - (line.discountCents ?? 0),
    })),
    order.taxRates ?? DEFAULT_TAX_RATES,
  );
  const [only] = taxes;
  if (taxes.length <= 1 && (only === undefined || only.rate === TAX_PERCENT))
    return [[t("rowTax"), order.taxCents]];
  return taxes.map((tax) => [t("rowTaxClass", { taxClass: tax.class, rate: tax.rate }), tax.amountCents]);
}

/**
 * The discount rows of a receipt (docs/decisions/049): the code and what it took off the items, and
 * the shipping a free-shipping code waived; none without a code. Amounts taken off are negative.
 */
function discountRows(
  order: OrderRecord,
  { t }: MailWords,
  discountCents = order.discountCents ?? 0,
): [string, number][] {
  const code = order.promotion?.code;
  if (code === undefined) return [];
  const shippingDiscount = order.shippingDiscountCents ?? 0;
  return [
    ...(discountCents > 0 ? [[t("rowDiscount", { code }), -discountCents] as [string, number]] : []),
    ...(shippingDiscount > 0
      ? [[t("rowFreeShipping", { code }), -shippingDiscount] as [string, number]]
      : []),
  ];
}

/** The shipping row's label: with the delivery zone when the order has one. */
const shippingLabel = (order: OrderRecord, { t }: MailWords): string =>
  order.deliveryZone ? t("rowShippingZone", { zone: order.deliveryZone.name }) : t("rowShipping");

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
function finalRows(order: OrderRecord, words: MailWords): FinalRow[] {
  return order.orderItems.flatMap((line) => {
    const ordered = words.quantity(line.unit, fromBase(line.unit, line.quantity));
    const picked = line.pickedQuantity ?? line.quantity;
    const rows: FinalRow[] = [
      {
        name: line.name,
        ordered,
        picked:
          picked === 0
            ? words.t("pickedUnavailable")
            : words.quantity(line.unit, fromBase(line.unit, picked)),
        total: words.money(line.finalCents ?? lineCents(line)),
      },
    ];
    const sub = line.substitution;
    if (sub) {
      rows.push({
        name: words.t("insteadOf", { substitute: sub.name, name: line.name }),
        ordered: "",
        picked: words.quantity(sub.unit, fromBase(sub.unit, sub.quantity)),
        total: words.money(sub.finalCents),
      });
    }
    return rows;
  });
}

/** The final figures of a picked order (its final is recorded when this mail is due). */
function finalSums(order: OrderRecord, words: MailWords): [string, number][] {
  const { t } = words;
  const items = order.finalItemsCents ?? order.itemsCents;
  const tax = order.finalTaxCents ?? order.taxCents;
  const total = order.finalTotalCents ?? order.totalCents;
  return [
    [t("rowItems"), items],
    ...discountRows(
      order,
      words,
      order.finalizedAt === undefined ? order.discountCents : order.finalDiscountCents,
    ),
    [t("rowShipping"), order.shippingCents],
    [t("rowTax"), tax],
    [t("rowTotal"), total],
    [t("rowPaid"), order.totalCents],
    [t("rowGivenBack"), order.totalCents - total],
  ];
}

export function finalReceiptHtml(order: OrderRecord, words: MailWords): string {
  const { t } = words;
  const cell = `padding:6px 8px;border-bottom:1px solid #e4e7eb;font-size:14px;color:${INK}`;
  const rows = finalRows(order, words)
    .map(
      (row) =>
        `<tr><td style="${cell}">${escapeHtml(row.name)}</td><td style="${cell};text-align:right">${escapeHtml(row.ordered)}</td><td style="${cell};text-align:right">${escapeHtml(row.picked)}</td><td style="${cell};text-align:right">${escapeHtml(row.total)}</td></tr>`,
    )
    .join("");
  const sums = finalSums(order, words)
    .map(
      ([label, cents]) =>
        `<tr><td colspan="3" style="${cell};text-align:right">${escapeHtml(label)}</td><td style="${cell};text-align:right">${escapeHtml(words.money(cents))}</td></tr>`,
    )
    .join("");
  const head = [t("columnItem"), t("columnOrdered"), t("columnPicked"), t("columnTotal")].map(escapeHtml);
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
<tr><th align="left" style="${cell}">${head[0]}</th><th align="right" style="${cell}">${head[1]}</th><th align="right" style="${cell}">${head[2]}</th><th align="right" style="${cell}">${head[3]}</th></tr>
${rows}
${sums}
</table>`;
}

export function finalReceiptText(order: OrderRecord, words: MailWords): string {
  const { t } = words;
  return [
    ...finalRows(order, words).map((row) =>
      row.ordered ? t("finalLineText", { ...row }) : t("finalSubstituteText", { ...row }),
    ),
    "",
    ...finalSums(order, words).map(([label, cents]) => `${`${label}:`.padEnd(12)}${words.money(cents)}`),
  ].join("\n");
}

export function receiptHtml(order: OrderRecord, words: MailWords): string {
  const { t } = words;
  const cell = `padding:6px 8px;border-bottom:1px solid #e4e7eb;font-size:14px;color:${INK}`;
  const rows = order.orderItems
    .map((line) => {
      const p = lineParts(line, words);
      return `<tr><td style="${cell}">${escapeHtml(p.name)}</td><td style="${cell};text-align:right">${escapeHtml(p.quantity)}</td><td style="${cell};text-align:right">${escapeHtml(p.price)}</td><td style="${cell};text-align:right">${escapeHtml(p.total)}</td></tr>`;
    })
    .join("");
  const sum = (label: string, cents: number, strong = false) =>
    `<tr><td colspan="3" style="${cell};text-align:right">${strong ? "<strong>" : ""}${escapeHtml(label)}${strong ? "</strong>" : ""}</td><td style="${cell};text-align:right">${strong ? "<strong>" : ""}${escapeHtml(words.money(cents))}${strong ? "</strong>" : ""}</td></tr>`;
  const address = addressLines(order).map(escapeHtml).join("<br>");
  const head = [t("columnItem"), t("columnQuantity"), t("columnPrice"), t("columnTotal")].map(escapeHtml);
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0">
<tr><th align="left" style="${cell}">${head[0]}</th><th align="right" style="${cell}">${head[1]}</th><th align="right" style="${cell}">${head[2]}</th><th align="right" style="${cell}">${head[3]}</th></tr>
${rows}
${sum(t("rowItems"), order.itemsCents)}${discountRows(order, words)
  .map(([label, cents]) => sum(label, cents))
  .join("")}${sum(shippingLabel(order, words), order.shippingCents)}${taxRows(order, words)
  .map(([label, cents]) => sum(label, cents))
  .join("")}${sum(t("rowTotal"), order.totalCents, true)}
</table>
<p style="margin:0 0 4px;font-size:14px;color:${MUTED}">${escapeHtml(t("shippingTo"))}</p>
<p style="margin:0 0 16px;font-size:14px;color:${INK}">${address}</p>`;
}

export function receiptText(order: OrderRecord, words: MailWords): string {
  const { t } = words;
  /** "Tax:      $2.51": the label and its colon padded so the amounts line up. */
  const textRow = (label: string, cents: number) => `${`${label}:`.padEnd(9)} ${words.money(cents)}`;
  const lines = order.orderItems.map((line) => t("lineText", lineParts(line, words)));
  return [
    ...lines,
    "",
    textRow(t("rowItems"), order.itemsCents),
    ...discountRows(order, words).map(([label, cents]) => textRow(label, cents)),
    textRow(shippingLabel(order, words), order.shippingCents),
    ...taxRows(order, words).map(([label, cents]) => textRow(label, cents)),
    textRow(t("rowTotal"), order.totalCents),
    "",
    `${t("shippingTo")}:`,
    ...addressLines(order),
  ].join("\n");
}
