import type { Order } from "@fruit/core/browser/orders";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { order as anOrder } from "../../../test/orders.ts";
import { renderAdmin } from "../shared/test-wrapper.tsx";
import { toOrderRow } from "./order-rows.ts";
import { OrdersTable } from "./orders-table.tsx";

/** Ada's unpaid order of $33.00, placed on 2026-11-21 and held for an hour: what each row is read from. */
const order = (patch: Partial<Order> = {}): Order =>
  anOrder({
    _id: "01JORDER",
    user: { _id: "u1", name: "Ada" },
    orderItems: [],
    itemsPrice: 20,
    shippingPrice: 10,
    taxPrice: 3,
    totalPrice: 33,
    isPaid: false,
    paidAt: null,
    createdAt: "2026-11-21T10:20:30.000Z",
    holdUntil: "2026-11-21T11:20:30.000Z",
    ...patch,
  });

describe("admin orders row formatting", () => {
  it("shows the customer, the date's first 10 characters, the total with 2 decimals and No for open flags", () => {
    expect(toOrderRow(order())).toEqual({
      id: "01JORDER",
      user: "Ada",
      date: "2026-11-21",
      total: "$33.00",
      paid: "No",
      delivered: "No",
      refunded: "",
      final: "",
    });
  });

  it("shows a picked order's final under the total when it came to less than was paid", () => {
    const paid = { isPaid: true, paidAt: "2026-11-22T08:00:00Z", holdUntil: null };
    const final = { finalItemsPrice: 19.5, finalTaxPrice: 2.93, finalizedAt: "2026-11-23T08:00:00Z" };
    expect(toOrderRow(order({ ...paid, ...final, finalPrice: 32.43 })).final).toBe(
      "Final $32.43 (paid $33.00)",
    );
    expect(toOrderRow(order({ ...paid, ...final, finalPrice: 33 })).final).toBe("");
    renderAdmin(
      <OrdersTable
        orders={[order({ ...paid, ...final, finalPrice: 32.43, refundedPrice: 0.57 })]}
        deleting={false}
        onDelete={() => {}}
      />,
    );
    const cells = within(screen.getAllByRole("row")[1]!)
      .getAllByRole("cell")
      .map((td) => td.textContent);
    expect(cells[3]).toBe("$33.00Final $32.43 (paid $33.00)Partially refunded $0.57");
  });

  it("shows Payment pending while PayPal holds the payment, and partial or full refunds under the total", () => {
    expect(toOrderRow(order({ isPaymentPending: true })).paid).toBe("Payment pending");
    const paid = { isPaid: true, paidAt: "2026-11-22T08:00:00Z", holdUntil: null };
    expect(toOrderRow(order({ ...paid, refundedPrice: 3.74 })).refunded).toBe("Partially refunded $3.74");
    expect(toOrderRow(order({ ...paid, refundedPrice: 33 })).refunded).toBe("Refunded $33.00");
    renderAdmin(
      <OrdersTable orders={[order({ ...paid, refundedPrice: 3.74 })]} deleting={false} onDelete={() => {}} />,
    );
    const cells = within(screen.getAllByRole("row")[1]!)
      .getAllByRole("cell")
      .map((td) => td.textContent);
    expect(cells[3]).toBe("$33.00Partially refunded $3.74");
  });

  it("shows paid and delivered dates, cut to 10 characters", () => {
    const row = toOrderRow(
      order({
        isPaid: true,
        paidAt: "2026-11-22T08:00:00Z",
        isDelivered: true,
        deliveredAt: "2026-11-23T09:00:00Z",
      }),
    );
    expect([row.paid, row.delivered]).toEqual(["2026-11-22", "2026-11-23"]);
  });

  it("shows Cancelled for Paid and Delivered of an order cancelled because it was not paid in time", () => {
    const row = toOrderRow(
      order({ isCancelled: true, cancelledAt: "2026-11-21T11:21:00.000Z", holdUntil: null }),
    );
    expect([row.paid, row.delivered]).toEqual(["Cancelled", "Cancelled"]);
    renderAdmin(
      <OrdersTable
        orders={[order({ isCancelled: true, cancelledAt: "2026-11-21T11:21:00.000Z" })]}
        deleting={false}
        onDelete={() => {}}
      />,
    );
    const cells = within(screen.getAllByRole("row")[1]!)
      .getAllByRole("cell")
      .map((td) => td.textContent);
    expect(cells.slice(4, 6)).toEqual(["Cancelled", "Cancelled"]);
  });

  it("shows 'DELETED USER' when the customer's account is gone", () => {
    expect(toOrderRow(order({ user: null })).user).toBe("DELETED USER");
  });

  it("rounds the total to 2 decimals", () => {
    expect(toOrderRow(order({ totalPrice: 27.2 })).total).toBe("$27.20");
    expect(toOrderRow(order({ totalPrice: 0.1 + 0.2 })).total).toBe("$0.30");
  });

  it("renders the columns and actions in the table", () => {
    const onDelete = vi.fn();
    renderAdmin(
      <OrdersTable
        orders={[order({ user: null, isPaid: true, paidAt: "2026-11-22T08:00:00Z" })]}
        deleting={false}
        onDelete={onDelete}
      />,
    );
    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
    expect(headers).toEqual(["ID", "USER", "DATE", "TOTAL", "PAID", "DELIVERED", "ACTIONS"]);
    const cells = within(screen.getAllByRole("row")[1]!)
      .getAllByRole("cell")
      .map((td) => td.textContent);
    expect(cells.slice(0, 6)).toEqual([
      "01JORDER",
      "DELETED USER",
      "2026-11-21",
      "$33.00",
      "2026-11-22",
      "No",
    ]);
    expect(screen.getByRole("link", { name: "Details" })).toHaveAttribute("href", "/order/01JORDER");
    screen.getByRole("button", { name: "Delete" }).click();
    expect(onDelete).toHaveBeenCalledWith("01JORDER");
  });

  it("says so when there are no orders", () => {
    renderAdmin(<OrdersTable orders={[]} deleting={false} onDelete={() => {}} />);
    expect(screen.getByText("No orders yet")).toBeInTheDocument();
  });
});
