import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { order, orderLine } from "../../../test/orders.ts";
import { fakeApi, renderScreen, resetShop } from "../../../test/render.tsx";
import { RefundOrderForm, refundRequestOf } from "./refund-order-form.tsx";

/** Paid $33.28: 0.75 kg of kiwis at $12.99 / kg and 3 melons at $3.50. */
const paid = order({
  _id: "o1",
  orderItems: [
    orderLine({ _id: "kiwi", name: "Kiwi", price: 12.99, unit: "kg", step: 0.25, quantity: 0.75 }),
    orderLine({ _id: "melon", name: "Melon", price: 3.5, unit: "piece", step: 1, quantity: 3 }),
  ],
  itemsPrice: 20.24,
  shippingPrice: 10,
  taxPrice: 3.04,
  totalPrice: 33.28,
});

const form = { mode: "lines" as const, amount: "", quantities: {}, reason: "Bruised", restock: true };

beforeEach(() => resetShop());
afterEach(() => vi.unstubAllGlobals());

describe("refund request", () => {
  it("sends lines in the product's unit, or an amount, always with a reason", () => {
    expect(refundRequestOf(paid, { ...form, quantities: { kiwi: "0.25", melon: "" } })).toEqual({
      ok: true,
      output: { lines: [{ _id: "kiwi", quantity: 0.25 }], reason: "Bruised", restock: true },
    });
    expect(refundRequestOf(paid, { ...form, mode: "amount", amount: "10" })).toEqual({
      ok: true,
      output: { amount: 10, reason: "Bruised", restock: false },
    });
    expect(refundRequestOf(paid, { ...form, mode: "cancel", reason: " No stock " })).toEqual({
      ok: true,
      output: { cancel: true, reason: "No stock", restock: true },
    });
  });

  it("answers the server schema's messages by field, and what only the order knows under the lines", () => {
    const errors = (values: Partial<Parameters<typeof refundRequestOf>[1]>) => {
      const result = refundRequestOf(paid, { ...form, ...values });
      return result.ok ? undefined : result.errors;
    };
    // Core's RefundInputSchema, through lib/form-errors.ts.
    expect(errors({ reason: "  ", quantities: { kiwi: "0.25" } })).toEqual({ reason: "reason is required" });
    expect(errors({ reason: "x".repeat(501), mode: "cancel" })).toEqual({ reason: "reason is too long" });
    expect(errors({})).toEqual({ lines: "lines must not be empty" });
    expect(errors({ quantities: { kiwi: "-1" } })).toEqual({ lines: "quantity must be more than 0" });
    expect(errors({ mode: "amount", amount: "" })).toEqual({ amount: "amount must be a number" });
    expect(errors({ mode: "amount", amount: "0" })).toEqual({ amount: "amount must be more than 0" });
    expect(errors({ mode: "amount", amount: "1.005" })).toEqual({ amount: "amount must be whole cents" });
    expect(errors({ mode: "amount", amount: "1.005", reason: "" })).toEqual({
      amount: "amount must be whole cents",
      reason: "reason is required",
    });
    // The order's own lines: each unit's precision (core's PRECISION_TEXT) and what was bought.
    expect(errors({ quantities: { melon: "1.5" } })).toEqual({ lines: "Melon: a whole number of pieces" });
    expect(errors({ quantities: { kiwi: "0.0005" } })).toEqual({
      lines: "Kiwi: at most 3 decimals (whole grams)",
    });
    expect(errors({ quantities: { melon: "4" } })).toEqual({ lines: "Melon: at most 3 pcs was bought" });
  });
});

describe("refund form", () => {
  it("is not offered on an unpaid, cancelled or fully refunded order", () => {
    for (const order of [
      { ...paid, isPaid: false },
      { ...paid, isCancelled: true },
      { ...paid, refundedPrice: 33.28 },
    ]) {
      const { unmount } = renderScreen(<RefundOrderForm order={order} onRefunded={() => {}} />);
      expect(screen.queryByRole("region", { name: "Refund" })).not.toBeInTheDocument();
      unmount();
    }
  });

  it("confirms, sends one refund with an Idempotency-Key, and reports it", async () => {
    const onRefunded = vi.fn();
    const api = fakeApi({
      "POST /api/orders/o1/refunds": {
        refund: {
          _id: "r1",
          amount: 3.74,
          reason: "Bruised",
          status: "completed",
          createdAt: "2026-11-22T00:00:00Z",
        },
        order: { ...paid, refundedPrice: 3.74 },
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<RefundOrderForm order={paid} onRefunded={onRefunded} />);
    expect(screen.getByText("At most $33.28 is left to refund.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Kiwi/), "0.25");
    await userEvent.type(screen.getByLabelText("Reason"), "Bruised");
    await userEvent.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(
      "Refund 0.25 kg of Kiwi (with its tax) to the customer through PayPal, and put it back on sale?",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(onRefunded).toHaveBeenCalled());
    const sent = api.calls.filter((call) => call.method === "POST");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      lines: [{ _id: "kiwi", quantity: 0.25 }],
      reason: "Bruised",
      restock: true,
    });
    expect(sent[0]!.headers["Idempotency-Key"]).toMatch(/.+/);
  });

  it("offers to cancel an undelivered order, refunding everything left", async () => {
    const api = fakeApi({
      "POST /api/orders/o1/refunds": {
        refund: {
          _id: "r1",
          amount: 29.54,
          reason: "No stock",
          status: "completed",
          createdAt: "2026-11-22T00:00:00Z",
        },
        order: { ...paid, isCancelled: true, refundedPrice: 33.28 },
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    const { unmount } = renderScreen(
      <RefundOrderForm order={{ ...paid, refundedPrice: 3.74 }} onRefunded={() => {}} />,
    );
    await userEvent.click(screen.getByRole("radio", { name: "Cancel order" }));
    await userEvent.type(screen.getByLabelText("Reason"), "No stock");
    await userEvent.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(
      "Cancel this order and refund everything left ($29.54) through PayPal, putting its items back on sale?",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(api.calls.filter((call) => call.method === "POST")).toHaveLength(1));
    expect(api.calls.find((call) => call.method === "POST")!.body).toEqual({
      cancel: true,
      reason: "No stock",
      restock: true,
    });
    unmount();
    renderScreen(<RefundOrderForm order={{ ...paid, isDelivered: true }} onRefunded={() => {}} />);
    expect(screen.queryByRole("radio", { name: "Cancel order" })).not.toBeInTheDocument();
  });

  it("shows the problem with the form, and the server's refusal, under the form", async () => {
    const api = fakeApi({
      "POST /api/orders/o1/refunds": new Response(
        JSON.stringify({
          message: "The refund would exceed what was paid: at most $5.00 is left to refund",
          code: "REFUND_EXCEEDS_PAID",
        }),
        { status: 409 },
      ),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<RefundOrderForm order={paid} onRefunded={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect(screen.getByRole("alert")).toHaveTextContent("lines must not be empty");
    expect(screen.getByText("reason is required")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: "By amount" }));
    await userEvent.type(screen.getByLabelText("Amount"), "0");
    await userEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect(screen.getByText("amount must be more than 0")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Amount"));
    await userEvent.type(screen.getByLabelText("Amount"), "20");
    await userEvent.type(screen.getByLabelText("Reason"), "Goodwill");
    await userEvent.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Refund $20.00 to the customer through PayPal?");
    await userEvent.click(within(dialog).getByRole("button", { name: "OK" }));
    expect(await screen.findByText(/at most \$5\.00 is left to refund/)).toBeInTheDocument();
    expect(screen.queryByText("reason is required")).not.toBeInTheDocument();
    // Cancelling the confirmation sends nothing.
    await userEvent.click(screen.getByRole("button", { name: "Refund" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    expect(api.calls.filter((call) => call.method === "POST")).toHaveLength(1);
  });
});
