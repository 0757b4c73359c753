import type { Order, OrderLine } from "@fruit/core/browser/orders";

/**
 * An order line as the API answers it: 1 kg of the catalogue's mangoes (test/products.ts) at
 * $5.99 / kg, no substitute, not yet picked.
 */
export function orderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    _id: "p1",
    name: "Honey Mangoes",
    slug: "mango",
    image: "/images/seed/mango/800.webp",
    price: 5.99,
    unit: "kg",
    step: 1,
    quantity: 1,
    substitute: "no",
    pickedQuantity: null,
    finalAmount: null,
    substitution: null,
    ...overrides,
  };
}

/**
 * An order as every order endpoint answers it: Ann's paid, undelivered order of one `orderLine()`
 * ($5.99, $10.00 shipping, 15 % tax), not picked, not refunded.
 */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: "o1",
    user: { _id: "u1", name: "Ann" },
    orderItems: [orderLine()],
    shippingAddress: {
      fullName: "Ann",
      address: "1 Main",
      city: "Montreal",
      postalCode: "H1H",
      country: "CA",
    },
    paymentMethod: "PayPal",
    itemsPrice: 5.99,
    shippingPrice: 10,
    taxPrice: 0.9,
    totalPrice: 16.89,
    isPaid: true,
    paidAt: "2026-11-21T10:05:00.000Z",
    isDelivered: false,
    deliveredAt: null,
    createdAt: "2026-11-21T10:00:00.000Z",
    holdUntil: null,
    isCancelled: false,
    cancelledAt: null,
    isPaymentPending: false,
    refundedPrice: 0,
    refunds: [],
    deliveryZone: null,
    taxes: [{ class: "standard", rate: 15, base: 5.99, amount: 0.9 }],
    discountPrice: 0,
    shippingDiscount: 0,
    promotion: null,
    finalDiscountPrice: null,
    finalItemsPrice: null,
    finalTaxPrice: null,
    finalPrice: null,
    finalizedAt: null,
    ...overrides,
  };
}
