import { describe, expect, it } from "vitest";
import type { DiscountRule } from "../money/discount.ts";
import { type CentsLine, priceByClassCents, type ShippingRule } from "../money/pricing.ts";
import type { TaxRate } from "../money/tax.ts";
import type { OrderRecord } from "../orders/order.records.ts";
import { capAtPaid, finalCharge } from "../picking/final-charge.ts";
import { planRefund } from "../refunds/plan.ts";

/**
 * Promotions add up (issue 45, docs/decisions/049): random carts of per-kg and per-piece lines, each
 * kind of promotion, picks short of the ordered weight, refunds by line and by amount, checked
 * against a small reference model written here apart from the pricing code — in BigInt, giving the
 * discount's left-over cents one at a time to the line furthest below its exact share (the same
 * apportionment reached another way). 0 mismatches and no amount with a fraction of a cent.
 *
 * `PROMO_CARTS` sets the number of carts: 2,000 in the suite, `PROMO_CARTS=100000` for the run
 * of at least 100,000 (README "Tests"; it takes a couple of minutes).
 */
const CARTS = Number(process.env.PROMO_CARTS ?? 2_000);

// --- A seeded random source (mulberry32): the same carts on every run. ---
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T };
}

// --- The reference model: BigInt cents, its own rounding, its own apportionment. ---
const half = (n: bigint, d: bigint) => (2n * n + d) / (2n * d); // half up, n ≥ 0
const BASE = { kg: 1000n, piece: 1n } as const;
const refLine = (l: CentsLine) => half(BigInt(l.priceCents) * BigInt(l.quantity), BASE[l.unit]);
const millis = (rate: number) => BigInt(Math.round(rate * 1000));

function refSplit(total: bigint, weights: bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0n);
  // Whole cents of each exact share first, then the few left one at a time.
  const shares = weights.map((w) => (total * w) / sum);
  const given = shares.reduce((a, b) => a + b, 0n);
  for (let cent = given; cent < total; cent += 1n) {
    // The line whose share is furthest below its exact share total × w / sum (ties: the earlier).
    let best = -1;
    let bestGap = 0n;
    weights.forEach((w, i) => {
      const gap = total * w - (shares[i] ?? 0n) * sum; // (exact − share) × sum
      if (w > 0n && (best < 0 || gap > bestGap)) {
        best = i;
        bestGap = gap;
      }
    });
    shares[best] = (shares[best] ?? 0n) + 1n;
  }
  return shares;
}

function refDiscount(rule: DiscountRule, eligibleCents: bigint): bigint {
  if (rule.kind === "percent") {
    const d = half(eligibleCents * BigInt(rule.basisPoints), 10_000n);
    return d < eligibleCents ? d : eligibleCents;
  }
  if (rule.kind === "amount")
    return BigInt(rule.amountCents) < eligibleCents ? BigInt(rule.amountCents) : eligibleCents;
  return 0n;
}

function refTax(lines: { cls: string; cents: bigint }[], rates: TaxRate[]): bigint {
  const known = new Set(rates.map((r) => r.id));
  const bases = new Map<string, bigint>();
  for (const l of lines) {
    const cls = known.has(l.cls) ? l.cls : "standard";
    bases.set(cls, (bases.get(cls) ?? 0n) + l.cents);
  }
  let tax = 0n;
  for (const [cls, base] of bases)
    tax += half(base * millis(rates.find((r) => r.id === cls)?.rate ?? 15), 100_000n);
  return tax;
}

interface Ref {
  cents: bigint[];
  shares: bigint[];
  items: bigint;
  discount: bigint;
  shipping: bigint;
  tax: bigint;
  total: bigint;
}

function refPrice(
  lines: CentsLine[],
  eligible: boolean[],
  rule: DiscountRule,
  ship: ShippingRule,
  rates: TaxRate[],
): Ref {
  const cents = lines.map(refLine);
  const items = cents.reduce((a, b) => a + b, 0n);
  const weights = cents.map((c, i) => (eligible[i] ? c : 0n));
  const shares = refSplit(
    refDiscount(
      rule,
      weights.reduce((a, b) => a + b, 0n),
    ),
    weights,
  );
  const discount = shares.reduce((a, b) => a + b, 0n);
  let shipping =
    items === 0n || (ship.freeOverCents !== null && items > BigInt(ship.freeOverCents))
      ? 0n
      : BigInt(ship.feeCents);
  if (rule.kind === "freeShipping") shipping = 0n;
  const tax = refTax(
    lines.map((l, i) => ({ cls: l.taxClass ?? "standard", cents: (cents[i] ?? 0n) - (shares[i] ?? 0n) })),
    rates,
  );
  return { cents, shares, items, discount, shipping, tax, total: items - discount + shipping + tax };
}

// --- Random carts. ---
const RATES: TaxRate[][] = [
  [{ id: "standard", rate: 15 }],
  [
    { id: "standard", rate: 14.975 },
    { id: "reduced", rate: 5 },
    { id: "zero", rate: 0 },
  ],
];

function cart(r: ReturnType<typeof random>) {
  const n = r.int(1, 6);
  const lines: CentsLine[] = [];
  for (let i = 0; i < n; i += 1) {
    const perKg = r.next() < 0.6;
    lines.push({
      productId: `p${i}`,
      unit: perKg ? "kg" : "piece",
      priceCents: perKg ? r.int(49, 4999) : r.int(10, 2999),
      quantity: perKg ? r.int(1, 100) * r.pick([5, 10, 50, 250]) : r.int(1, 12),
      taxClass: r.pick(["standard", "reduced", "zero"]),
    });
  }
  const everything = r.next() < 0.4;
  const eligibleIds = new Set(lines.filter(() => everything || r.next() < 0.6).map((l) => l.productId ?? ""));
  const scope = everything ? {} : { eligible: eligibleIds };
  const kind = r.pick(["percent", "amount", "freeShipping"] as const);
  const rule: DiscountRule =
    kind === "percent"
      ? { kind, basisPoints: r.pick([r.int(1, 10_000), 1000, 2000, 3333, 10_000]), ...scope }
      : kind === "amount"
        ? { kind, amountCents: r.int(1, 20_000), ...scope }
        : { kind, ...scope };
  const eligible = lines.map((l) => everything || eligibleIds.has(l.productId ?? ""));
  const shipping: ShippingRule = r.pick([
    { feeCents: 1000, freeOverCents: 10_000 },
    { feeCents: r.int(0, 2500), freeOverCents: r.next() < 0.5 ? null : r.int(0, 20_000) },
  ]);
  return { lines, rule, eligible, shipping, rates: r.pick(RATES) };
}

const whole = (n: number) => Number.isInteger(n);

describe("promotions against the reference model", () => {
  it(`prices, picks and refunds ${CARTS.toLocaleString("en")} random carts to the cent`, {
    timeout: 0,
  }, () => {
    const r = random(45);
    let mismatches = 0;
    const fail = (what: string, detail: unknown) => {
      mismatches += 1;
      if (mismatches <= 5) console.error(what, JSON.stringify(detail));
    };
    for (let c = 0; c < CARTS; c += 1) {
      const { lines, rule, eligible, shipping, rates } = cart(r);
      // Placement.
      const priced = priceByClassCents(lines, { shipping, taxRates: rates, discount: rule });
      const ref = refPrice(lines, eligible, rule, shipping, rates);
      const got = [
        priced.itemsCents,
        priced.discountCents,
        priced.shippingCents,
        priced.taxCents,
        priced.totalCents,
      ];
      const want = [ref.items, ref.discount, ref.shipping, ref.tax, ref.total].map(Number);
      if (got.join() !== want.join() || priced.lineDiscounts.join() !== ref.shares.map(Number).join())
        fail("placement", { lines, rule, got, want });
      if (![...got, ...priced.lineDiscounts].every(whole)) fail("sub-cent at placement", got);

      // Picking: each line picked at or short of its quantity; the promotion applied again.
      const picked = lines.map((l) => (r.next() < 0.5 ? l.quantity : r.int(0, l.quantity)));
      const pickedLines = lines.map((l, i) => ({ ...l, quantity: picked[i] ?? 0 }));
      const finalRule = rule.kind === "freeShipping" ? undefined : { rule, eligible };
      const charge = capAtPaid(
        finalCharge(
          lines.map((l, i) => ({ ordered: l, picked: picked[i] ?? 0 })),
          priced.shippingCents,
          rates,
          finalRule,
        ),
        priced.totalCents,
      );
      const refFinal = refPrice(
        pickedLines,
        eligible,
        finalRule ? rule : { kind: "freeShipping" },
        { feeCents: Number(ref.shipping), freeOverCents: null },
        rates,
      );
      // Picked lines never cost more than ordered (lineCents is monotone), so no cap needed on them.
      const refTotal = refFinal.items - refFinal.discount + ref.shipping + refFinal.tax;
      const capped = refTotal > ref.total ? ref.total : refTotal;
      if (
        charge.itemsCents !== Number(refFinal.items) ||
        charge.discountCents !== Number(refFinal.discount) ||
        charge.totalCents !== Number(capped) ||
        charge.totalCents > priced.totalCents
      )
        fail("final", {
          lines,
          picked,
          rule,
          charge,
          refFinal: [refFinal.items, refFinal.discount, refFinal.tax].map(Number),
        });

      // Refunds of the picked order: by line in random parts, then by amount whatever is left.
      const order = finalOrder(lines, picked, charge, priced, rates);
      let refunded = 0;
      let current = order;
      for (const [index, line] of lines.entries()) {
        let left = picked[index] ?? 0;
        while (left > 0) {
          const part = r.next() < 0.5 ? left : r.int(1, left);
          left -= part;
          let amount = 0;
          try {
            amount = planRefund(current, {
              kind: "lines",
              lines: [{ productId: line.productId ?? "", quantity: part }],
            }).amountCents;
          } catch {
            amount = 0; // "this refund comes to $0.00": a part too small to cost a cent
          }
          if (!whole(amount) || amount < 0) fail("sub-cent refund", amount);
          refunded += amount;
          current = {
            ...current,
            refundedBase: {
              ...current.refundedBase,
              [line.productId ?? ""]: (current.refundedBase?.[line.productId ?? ""] ?? 0) + part,
            },
            refundReservedCents: (current.refundReservedCents ?? 0) + amount,
          };
        }
      }
      // Every line refunded gives back exactly the final's items less its discount plus its tax; never the shipping.
      const linesNet = charge.itemsCents - charge.discountCents + charge.taxCents;
      if (refunded !== linesNet) fail("refunds by line", { lines, picked, rule, refunded, linesNet });
      const rest = charge.totalCents - refunded;
      if (rest !== Number(ref.shipping))
        fail("left after line refunds", { rest, shipping: Number(ref.shipping) });
      if (rest > 0 && planRefund(current, { kind: "amount", amountCents: rest }).amountCents !== rest)
        fail("refund by amount", rest);
    }
    expect(mismatches).toBe(0);
  });
});

/** A paid order finalised as `charge` (its lines as picked, each with its recomputed share). */
function finalOrder(
  lines: CentsLine[],
  picked: number[],
  charge: ReturnType<typeof finalCharge>,
  priced: ReturnType<typeof priceByClassCents>,
  rates: TaxRate[],
): OrderRecord {
  return {
    id: "o",
    userId: "u",
    orderItems: lines.map((l, i) => ({
      productId: l.productId ?? "",
      name: l.productId ?? "",
      slug: l.productId ?? "",
      image: "",
      priceCents: l.priceCents,
      unit: l.unit,
      step: 1,
      quantity: l.quantity,
      ...(l.taxClass ? { taxClass: l.taxClass } : {}),
      pickedQuantity: picked[i] ?? 0,
      finalCents: charge.lines[i]?.cents ?? 0,
      finalDiscountCents: charge.lines[i]?.discountCents ?? 0,
    })),
    shippingAddress: { fullName: "A", address: "B", city: "C", postalCode: "D", country: "E" },
    paymentMethod: "PayPal",
    itemsCents: priced.itemsCents,
    shippingCents: priced.shippingCents,
    taxCents: priced.taxCents,
    totalCents: charge.totalCents,
    isPaid: true,
    isDelivered: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    taxRates: rates,
    finalItemsCents: charge.itemsCents,
    finalTaxCents: charge.taxCents,
    finalTotalCents: charge.totalCents,
    finalizedAt: "2026-01-02T00:00:00.000Z",
  };
}
