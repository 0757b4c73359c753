import { describe, expect, it } from "vitest";
import { priceByClassCents } from "../money/pricing.ts";
import type { OrderRecord } from "../orders/order.records.ts";
import { receiptHtml, receiptText } from "./receipt.ts";
import { mailWords } from "./words.ts";

const RATES = [
  { id: "standard", rate: 14.975 },
  { id: "zero-rated", rate: 0 },
];
const orderItems = [
  {
    productId: "a",
    name: "Carrots",
    slug: "c",
    image: "/c",
    priceCents: 333,
    unit: "piece" as const,
    step: 1,
    quantity: 3,
    taxClass: "zero-rated",
  },
  {
    productId: "b",
    name: "Soap",
    slug: "s",
    image: "/s",
    priceCents: 600,
    unit: "piece" as const,
    step: 1,
    quantity: 1,
  },
];
const priced = priceByClassCents(orderItems, {
  taxRates: RATES,
  shipping: { feeCents: 500, freeOverCents: null },
});
const order: OrderRecord = {
  id: "o",
  userId: "u",
  orderItems,
  shippingAddress: {
    fullName: "Ann",
    address: "1 Rue",
    city: "Montréal",
    postalCode: "H2X 1Y4",
    country: "Canada",
  },
  paymentMethod: "PayPal",
  itemsCents: priced.itemsCents,
  shippingCents: priced.shippingCents,
  taxCents: priced.taxCents,
  totalCents: priced.totalCents,
  taxRates: RATES,
  deliveryZone: { id: "plateau", name: "Plateau" },
  isPaid: true,
  isDelivered: false,
  createdAt: "2026-11-29T00:00:00Z",
};

describe("receipts by zone and tax class", () => {
  it("name the zone and list the tax of each class with its rate, adding up to the order's tax", () => {
    const text = receiptText(order, mailWords("en"));
    expect(text).toContain("Shipping (Plateau): $5.00");
    expect(text).toContain("Tax standard (14.975 %): $0.90");
    expect(text).toContain("Tax zero-rated (0 %): $0.00");
    expect(priced.taxCents).toBe(90);
    expect(receiptHtml(order, mailWords("en"))).toContain("Tax zero-rated (0 %)");
  });
});

describe("receipts with a promotion (docs/decisions/049)", () => {
  it("name the code and what it took off, tax on the discounted lines, adding up to the total", () => {
    // $5 off the soap only: tax 14.975 % of $1.00; total = 15.99 − 5 + 5 + 0.15.
    const discounted = priceByClassCents(orderItems, {
      taxRates: RATES,
      shipping: { feeCents: 500, freeOverCents: null },
      discount: { kind: "amount", amountCents: 500, eligible: new Set(["b"]) },
    });
    const withCode: OrderRecord = {
      ...order,
      orderItems: orderItems.map((line) => (line.productId === "b" ? { ...line, discountCents: 500 } : line)),
      discountCents: discounted.discountCents,
      taxCents: discounted.taxCents,
      totalCents: discounted.totalCents,
      promotion: { id: "p", code: "SOAP5", kind: "amount", value: 500 },
    };
    expect(discounted.totalCents).toBe(1599 - 500 + 500 + 15);
    const text = receiptText(withCode, mailWords("en"));
    expect(text).toContain("Discount (SOAP5): -$5.00"); // the minus sign as Intl writes it in English
    expect(text).toContain("Tax standard (14.975 %): $0.15");
    expect(text).toContain("Total:    $16.14");
    expect(receiptHtml(withCode, mailWords("en"))).toContain("Discount (SOAP5)");
  });
});
