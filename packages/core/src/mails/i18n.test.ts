import { describe, expect, it } from "vitest";
import { pseudoCatalogue, pseudoText } from "../i18n/messages.ts";
import type { OrderRecord } from "../orders/order.records.ts";
import { mailMessagesEn } from "./messages.en.ts";
import { mailMessagesFr } from "./messages.fr-CA.ts";
import {
  renderContactMessage,
  renderLowStock,
  renderNewsletterConfirmation,
  renderNoBox,
  renderRestock,
} from "./notice-mails.ts";
import {
  type MailContext,
  type RenderedMail,
  renderBoxReady,
  renderBoxReminder,
  renderCancelled,
  renderDelivered,
  renderFinal,
  renderPaid,
  renderPlaced,
  renderRefunded,
} from "./templates.ts";
import { type MailWords, mailWords } from "./words.ts";

/** Intl's no-break and thin spaces read as plain spaces. */
const spaces = (text: string): string => text.replace(/[\u00a0\u202f\u2009]/g, " ");

const ORDER_ID = "01JD0000000000000000000000";

/**
 * An order of every shape a mail shows — a weighed line, a piece line picked short with a
 * substitute, a delivery window and zone, a hold, a refund — whose own data (names, address) has no
 * plain ASCII word, so that any left in a mail was written outside the catalogues.
 */
const order: OrderRecord = {
  id: ORDER_ID,
  userId: "01JD0000000000000000000001",
  orderItems: [
    {
      productId: "p1",
      name: "Çéŕíšéš",
      slug: "cherries",
      image: "/images/cherries.webp",
      priceCents: 1299,
      unit: "kg",
      step: 250,
      quantity: 750,
      pickedQuantity: 712,
      finalCents: 925,
    },
    {
      productId: "p2",
      name: "Ṁéĺóñ",
      slug: "melon",
      image: "/images/melon.webp",
      priceCents: 350,
      unit: "piece",
      step: 1,
      quantity: 2,
      substitute: "allowed",
      pickedQuantity: 0,
      finalCents: 0,
      substitution: {
        productId: "p3",
        name: "Çàñţàĺóúþé",
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
  shippingAddress: { fullName: "Àñà", address: "1 Ŕúé", city: "Ṁóñţŕéàĺ", postalCode: "1", country: "ÇÀ" },
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
  deliverySlot: { id: "2026-12-05-1000-1200", date: "2026-12-05", start: "10:00", end: "12:00" },
  deliveryZone: { id: "plateau", name: "Ṗĺàţéàú" },
  finalItemsCents: 1325,
  finalTaxCents: 199,
  finalTotalCents: 2524,
  finalizedAt: "2026-11-22T08:00:00.000Z",
};
const refund = { _id: "r1", amount: 4.01, reason: "Ŵéíĝĥţ", createdAt: "2026-11-23T10:00:00.000Z" };

/** Every mail kind the shop sends, in `words` (order mails through the context, notices directly). */
function everyMail(words: MailWords | undefined, locale: OrderRecord["locale"]): [string, RenderedMail][] {
  const localised: OrderRecord = { ...order, ...(locale ? { locale } : {}) };
  const context: MailContext = {
    customerName: "Àñà",
    shopUrl: "https://shop.example",
    ...(words ? { words } : {}),
  };
  const notices = words ?? mailWords(locale);
  return [
    ["placed", renderPlaced(localised, context)],
    ["paid", renderPaid(localised, context)],
    ["delivered", renderDelivered(localised, context)],
    ["cancelled", renderCancelled(localised, context)],
    ["refunded", renderRefunded(localised, refund, context)],
    ["final", renderFinal(localised, context)],
    [
      "box ready",
      renderBoxReady(
        {
          ...localised,
          subscription: { id: "s1", date: "2026-12-05" },
          changes: [
            { productId: localised.orderItems[0]?.productId ?? "", unit: "kg", wanted: 2000, given: 1000 },
            { productId: "gone", unit: "piece", wanted: 2, given: 0 },
          ],
        },
        context,
      ),
    ],
    ["box reminder", renderBoxReminder(localised, context)],
    [
      "no box",
      renderNoBox(notices, {
        customerName: "Àñà",
        date: "2026-12-05",
        empty: true,
        subscriptionsUrl: "https://shop.example/subscriptions",
      }),
    ],
    [
      "restock",
      renderRestock(notices, {
        customerName: "Àñà",
        product: "Çéŕíšéš",
        priceCents: 1299,
        unit: "kg",
        productUrl: "https://shop.example/product/cherries",
        unsubscribeUrl: "https://shop.example/restock-alerts/unsubscribe?token=x",
      }),
    ],
    [
      "newsletter",
      renderNewsletterConfirmation(notices, {
        confirmUrl: "https://shop.example/newsletter/confirm?token=x",
        unsubscribeUrl: "https://shop.example/newsletter/unsubscribe?token=y",
      }),
    ],
    [
      "low stock",
      renderLowStock(notices, {
        product: "Çéŕíšéš",
        unit: "piece",
        left: 1,
        threshold: 5,
        editUrl: "https://shop.example/admin/product/p1",
      }),
    ],
    [
      "contact",
      renderContactMessage(notices, {
        name: "Àñà",
        email: "1@2.3",
        phone: "514",
        subject: "Ŕéţàŕđ",
        message: "Ŵĥéŕé?",
      }),
    ],
  ];
}

/** A mail's readable text: its subject and both parts, markup, URLs and the order id taken out. */
function readable(mail: RenderedMail): string {
  const html = mail.html
    .replace(/<!doctype[^>]*>|<[^>]+>/gi, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  return [mail.subject, html, mail.text]
    .join("\n")
    .replace(/https?:\/\/\S+/g, " ")
    .replaceAll(ORDER_ID, " ");
}

describe("mails in the pseudo-locale", () => {
  // Every sentence from the catalogue in accented letters, every formatted value too: a plain ASCII
  // word left in a mail was written outside them.
  const base = mailWords("en", { catalogue: pseudoCatalogue(mailMessagesEn) });
  const pseudo: MailWords = {
    ...base,
    money: (cents) => pseudoText(base.money(cents)),
    when: (iso) => pseudoText(base.when(iso)),
    window: (slot) => pseudoText(base.window(slot)),
    quantity: (unit, quantity) => pseudoText(base.quantity(unit, quantity)),
    perUnit: (unit) => pseudoText(base.perUnit(unit)),
  };

  it.each(everyMail(pseudo, undefined))("%s: 0 untranslated strings", (_kind, mail) => {
    expect(readable(mail).match(/[A-Za-z]{2,}/g) ?? []).toEqual([]);
  });

  it("is a real check: a sentence written outside the catalogues is found", () => {
    const [, placed] = everyMail(pseudo, undefined)[0] ?? [];
    if (!placed) throw new Error("no mail");
    const leaked = { ...placed, text: `${placed.text}\nThank you!` };
    expect(readable(leaked).match(/[A-Za-z]{2,}/g)).toEqual(["Thank", "you"]);
  });
});

describe("a French order's mails", () => {
  const mails = everyMail(undefined, "fr-CA");
  const french = mails.filter(([kind]) => kind !== "low stock" && kind !== "contact");

  it("says its amounts in US dollars", () => {
    const amounts = french.flatMap(([, mail]) => spaces(mail.text).match(/\d+,\d\d \$ US/g) ?? []);
    expect(amounts.length).toBeGreaterThan(10);
  });

  it.each(french)("%s: in French, said so, amounts in US dollars", (_kind, mail) => {
    expect(mail.language).toBe("fr-CA");
    expect(mail.html).toContain('lang="fr-CA"');
    const text = spaces(mail.text);
    // Every amount in a French mail names its currency: "29,25 $ US", never "$29.25".
    expect(text.match(/[\d,]+ \$(?! US)|\$\d/g) ?? []).toEqual([]);
    for (const english of ["Hello", "Order ", "Thank", "Delivery window", "Unsubscribe", "Items"])
      expect(text).not.toContain(english);
  });

  it("writes every sentence of the catalogue in French", () => {
    const same = Object.entries(mailMessagesFr).filter(
      ([key, text]) => text === mailMessagesEn[key as keyof typeof mailMessagesEn],
    );
    // Only what reads the same in both: the shop's name, the formats of placeholders alone.
    expect(same.map(([key]) => key).sort()).toEqual(
      ["columnTotal", "holdHoursMinutes", "holdMinutes", "pricePer", "rowTotal", "shopName"].sort(),
    );
  });

  it("names the window, the hold and the lines as a Québec reader writes them", () => {
    const placed = spaces(
      renderPlaced({ ...order, locale: "fr-CA" }, { customerName: "Ann", shopUrl: "https://x" }).text,
    );
    expect(placed).toContain("Bonjour Ann,");
    expect(placed).toContain("Merci pour votre commande 01JD0000000000000000000000 de 29,25 $ US.");
    expect(placed).toContain("pendant 1 heure, jusqu’au 21 novembre 2026 à 10 h 05.");
    expect(placed).toContain("Plage de livraison : samedi 5 décembre, 10 h – 12 h.");
    const paid = spaces(
      renderPaid({ ...order, locale: "fr-CA" }, { customerName: "Ann", shopUrl: "https://x" }).text,
    );
    expect(paid).toContain("- Çéŕíšéš : 0,75 kg x 12,99 $ US / kg = 9,74 $ US");
    expect(paid).toContain("- Ṁéĺóñ : 2 pièces x 3,50 $ US / pièce = 7,00 $ US");
    expect(paid).toContain("Livraison (Ṗĺàţéàú):");
  });

  it("writes the admin-triggered mails — final receipt and refund — in the order's language", () => {
    const context = { customerName: "Ann", shopUrl: "https://x" };
    const final = renderFinal({ ...order, locale: "fr-CA" }, context);
    expect(final.subject).toBe(`Fruit Shop : reçu final de la commande ${ORDER_ID}`);
    expect(spaces(final.text)).toContain("préparé 0,712 kg = 9,25 $ US");
    expect(spaces(final.text)).toContain("Çàñţàĺóúþé (au lieu de Ṁéĺóñ) : préparé 1 pièce = 4,00 $ US");
    const refunded = renderRefunded({ ...order, locale: "fr-CA" }, refund, context);
    expect(spaces(refunded.text)).toContain(
      `Nous avons remboursé 4,01 $ US de la commande ${ORDER_ID} le 23 novembre 2026`,
    );
    expect(refunded.language).toBe("fr-CA");
  });

  it("writes an order without a language, from before languages, in English", () => {
    const placed = renderPlaced(order, { customerName: "Ann", shopUrl: "https://x" });
    expect(placed.language).toBe("en");
    expect(placed.text).toContain("Hello Ann,");
  });
});
