import { describe, expect, it } from "vitest";
import { escapeHtml } from "../escape.ts";
import { lineCents } from "../money/pricing.ts";
import type { OrderRecord } from "../orders/order.records.ts";
import {
  holdDuration,
  orderUrl,
  renderCancelled,
  renderDelivered,
  renderFinal,
  renderPaid,
  renderPlaced,
  renderRefunded,
} from "./templates.ts";

/** Intl's no-break and thin spaces (in times and ranges) read as plain spaces. */
const spaces = (text: string): string => text.replace(/[\u00a0\u202f\u2009]/g, " ");

const HOSTILE = "<img src=x onerror=alert(1)>";

const order: OrderRecord = {
  id: "01JD0000000000000000000000",
  userId: "01JD0000000000000000000001",
  orderItems: [
    {
      productId: "p1",
      name: `Cherries ${HOSTILE}`,
      slug: "cherries",
      image: "/images/cherries.webp",
      priceCents: 1299,
      unit: "kg",
      step: 250,
      quantity: 750,
    },
    {
      productId: "p2",
      name: "Melon",
      slug: "melon",
      image: "/images/melon.webp",
      priceCents: 350,
      unit: "piece",
      step: 1,
      quantity: 2,
    },
  ],
  shippingAddress: {
    fullName: HOSTILE,
    address: `1 "Quoted" St & <b>bold</b>`,
    city: "Lyon",
    postalCode: "69001",
    country: "France",
  },
  paymentMethod: "PayPal",
  itemsCents: 1674,
  shippingCents: 1000,
  taxCents: 251,
  totalCents: 2925,
  isPaid: true,
  paidAt: "2026-11-21T14:10:00.000Z",
  isDelivered: true,
  deliveredAt: "2026-11-22T09:00:00.000Z",
  createdAt: "2026-11-21T14:05:00.000Z",
  holdUntil: "2026-11-21T15:05:00.000Z",
  cancelledAt: "2026-11-21T15:06:00.000Z",
};

const context = { customerName: HOSTILE, shopUrl: "https://shop.example.com/" };
const refund = {
  _id: "r1",
  amount: 9.74,
  reason: `Bruised ${HOSTILE}`,
  createdAt: "2026-11-23T10:00:00.000Z",
};

/** The order as picked: 712 g of the cherries; the melons unavailable, one cantaloupe instead. */
const picked: OrderRecord = {
  ...order,
  orderItems: [
    { ...order.orderItems[0]!, pickedQuantity: 712, finalCents: 925 },
    {
      ...order.orderItems[1]!,
      substitute: "allowed",
      pickedQuantity: 0,
      finalCents: 0,
      substitution: {
        productId: "p3",
        name: `Cantaloupe ${HOSTILE}`,
        slug: "cantaloupe",
        image: "/images/cantaloupe.webp",
        priceCents: 400,
        unit: "piece",
        step: 1,
        quantity: 1,
        finalCents: 400,
      },
    },
  ],
  finalItemsCents: 1325,
  finalTaxCents: 199,
  finalTotalCents: 2524,
  finalizedAt: "2026-11-22T08:00:00.000Z",
};

const all = [
  ["placed", renderPlaced(order, context)],
  ["paid", renderPaid(order, context)],
  ["delivered", renderDelivered(order, context)],
  ["cancelled", renderCancelled(order, context)],
  ["refunded", renderRefunded(order, refund, context)],
  ["final", renderFinal(picked, context)],
] as const;

describe("order mail templates", () => {
  it("escapes every character that could open a tag or leave an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  it.each(all)(
    "%s: a customer named like markup shows as text in the HTML part, never as a tag",
    (_, mail) => {
      expect(mail.html).not.toContain("<img");
      expect(mail.html).not.toContain("<b>");
      expect(mail.html).toContain("Hello &lt;img src=x onerror=alert(1)&gt;,");
      // The text part is plain text: the name as typed.
      expect(mail.text).toContain(`Hello ${HOSTILE},`);
    },
  );

  it.each(all)("%s: names the order by its id and links to its order screen in both parts", (_, mail) => {
    const link = "https://shop.example.com/order/01JD0000000000000000000000";
    expect(mail.subject).toContain(order.id);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(`Order ${order.id}`);
    expect(mail.text).toContain(`Order ${order.id}: ${link}`);
  });

  it("placed: says how long the order is held unpaid and until when", () => {
    const [, mail] = all[0];
    // In the shop's time zone (America/Toronto: 15:05 UTC is 10:05 in November).
    expect(spaces(mail.text)).toContain("for 1 hour, until November 21, 2026 at 10:05 AM");
    expect(spaces(mail.html)).toContain("for 1 hour, until November 21, 2026 at 10:05 AM");
    expect(mail.text).toContain("$29.25");
  });

  it("paid: a receipt with each line's quantity, unit price and total by the pricing rule, the amounts and the address", () => {
    const [, mail] = all[1];
    expect(lineCents(order.orderItems[0]!)).toBe(974);
    expect(mail.text).toContain(`- Cherries ${HOSTILE}: 0.75 kg x $12.99 / kg = $9.74`);
    expect(mail.text).toContain("- Melon: 2 pcs x $3.50 / pc = $7.00");
    for (const figure of ["Items:    $16.74", "Shipping: $10.00", "Tax:      $2.51", "Total:    $29.25"])
      expect(mail.text).toContain(figure);
    expect(mail.html).toContain("Cherries &lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).toContain("<strong>$29.25</strong>");
    expect(mail.html).toContain(
      "1 &quot;Quoted&quot; St &amp; &lt;b&gt;bold&lt;/b&gt;<br>69001 Lyon<br>France",
    );
    expect(mail.text).toContain(`Shipping to:\n${HOSTILE}\n1 "Quoted" St & <b>bold</b>\n69001 Lyon\nFrance`);
  });

  it("delivered and cancelled say when", () => {
    expect(spaces(all[2][1].text)).toContain("delivered on November 22, 2026 at 4:00 AM");
    expect(spaces(all[3][1].text)).toContain(
      "not paid in time and was cancelled on November 21, 2026 at 10:06 AM",
    );
  });

  it("refunded: the amount and the reason, escaped", () => {
    const [, mail] = all[4];
    expect(mail.text).toContain("We refunded $9.74 of order 01JD0000000000000000000000");
    expect(mail.text).toContain(`Reason: Bruised ${HOSTILE}`);
    expect(mail.html).toContain("Reason: Bruised &lt;img src=x onerror=alert(1)&gt;");
  });

  it("final: each line ordered against picked, the substitute, the final total and what goes back", () => {
    const [, mail] = all[5];
    expect(mail.subject).toBe("Fruit Shop: final receipt for order 01JD0000000000000000000000");
    expect(mail.text).toContain("never more than you approved: $25.24 instead of the $29.25 you paid");
    expect(mail.text).toContain(`- Cherries ${HOSTILE}: ordered 0.75 kg, picked 0.712 kg = $9.25`);
    expect(mail.text).toContain("- Melon: ordered 2 pcs, picked unavailable = $0.00");
    expect(mail.text).toContain(`- Cantaloupe ${HOSTILE} (instead of Melon): picked 1 pc = $4.00`);
    for (const figure of [
      "Items:      $13.25",
      "Shipping:   $10.00",
      "Tax:        $1.99",
      "Total:      $25.24",
      "Paid:       $29.25",
      "Given back: $4.01",
    ])
      expect(mail.text).toContain(figure);
    expect(mail.html).toContain("Cantaloupe &lt;img src=x onerror=alert(1)&gt; (instead of Melon)");
    expect(mail.html).not.toContain("<img");
  });

  it("keeps a line break in a name out of the subject and greeting", () => {
    const mail = renderPlaced(order, {
      customerName: "Ann\r\nBcc: x@example.com",
      shopUrl: "http://localhost:3000",
    });
    expect(mail.text).toContain("Hello Ann Bcc: x@example.com,");
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it("says hold durations as people do", () => {
    const at = (minutes: number) => ({
      createdAt: "2026-11-21T14:00:00.000Z",
      holdUntil: new Date(Date.parse("2026-11-21T14:00:00.000Z") + minutes * 60_000).toISOString(),
    });
    expect(holdDuration(at(60))).toBe("1 hour");
    expect(holdDuration(at(90))).toBe("1 hour 30 minutes");
    expect(holdDuration(at(1))).toBe("1 minute");
    expect(holdDuration(at(0.05))).toBe("less than a minute");
    expect(holdDuration({ createdAt: "2026-11-21T14:00:00.000Z" })).toBeUndefined();
  });

  it("builds the order screen's URL without a double slash and with the id encoded", () => {
    expect(orderUrl("http://127.0.0.1:3000/", "01AB")).toBe("http://127.0.0.1:3000/order/01AB");
    expect(orderUrl("https://x.example", "a/b")).toBe("https://x.example/order/a%2Fb");
  });
});

describe("the delivery window in order mails", () => {
  const booked: OrderRecord = {
    ...order,
    deliverySlot: { id: "2026-12-05-0900-1100", date: "2026-12-05", start: "09:00", end: "11:00" },
  };
  it("names the window in both parts of every order mail, and nothing without one", () => {
    const context = { shopUrl: "https://shop.example", customerName: "Ann" };
    for (const render of [renderPlaced, renderPaid, renderDelivered, renderCancelled]) {
      const mail = render(booked, context);
      expect(spaces(mail.text)).toContain("Delivery window: Saturday, December 5, 9 – 11 AM.");
      expect(spaces(mail.html)).toContain("Delivery window: Saturday, December 5, 9 – 11 AM.");
      expect(render(order, context).text).not.toContain("Delivery window");
    }
  });
});
