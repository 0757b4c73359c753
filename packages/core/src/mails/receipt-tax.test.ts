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
