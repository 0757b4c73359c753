import {
  IdempotencyKeySchema,
  MyOrdersQuerySchema,
  ORDER_CREATED_MESSAGE,
  type OrderCreated,
  OrderInputSchema,
  OrderListQuerySchema,
  PayOrderSchema,
} from "@fruit/core/browser/orders";
import { FinalInputSchema } from "@fruit/core/browser/picking";
import { RefundInputSchema } from "@fruit/core/browser/refunds";
import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import { pageAnswer } from "./paging.ts";
import type { Services } from "./services.ts";
import { jsonBody, parseWith } from "./validate.ts";

/**
 * /api/orders — placing, reading, paying, delivering and deleting orders. `/summary` is mounted
 * before this router (api/app.ts); `/mine` is registered before `/:id`.
 */
export function orderRoutes(services: Pick<Services, "caller" | "orders" | "payments" | "mails">) {
  const { requireSession, requireUser, requireAdmin } = auth(services.caller);
  const { orders, payments, mails } = services;
  return (
    new Hono<AuthEnv>()
      // Placement checks the session in its own transaction: one round trip (docs/decisions/021-placement-checks-the-caller.md).
      .post("/", requireSession, async (c) => {
        const input = await jsonBody(c, OrderInputSchema);
        const key = parseWith(IdempotencyKeySchema, c.req.header("idempotency-key"));
        const { order, created } = await orders.placeOrder(c.var.session, input, key);
        // The original API's answer, also for a replayed Idempotency-Key (docs/decisions/013-order-created-answer.md).
        const answer: OrderCreated = { message: ORDER_CREATED_MESSAGE, order };
        return c.json(answer, created ? 201 : 200);
      })
      .get("/", requireAdmin, async (c) =>
        pageAnswer(c, await orders.listAll(parseWith(OrderListQuerySchema, c.req.query()))),
      )
      .get("/mine", requireUser, async (c) =>
        pageAnswer(c, await orders.listMine(c.var.caller, parseWith(MyOrdersQuerySchema, c.req.query()))),
      )
      .get("/:id", requireUser, async (c) =>
        c.json(await orders.fromIdForCaller(c.var.caller, c.req.param("id"))),
      )
      // Which mails the order's customer was sent, and when (the admin's order screen).
      .get("/:id/mails", requireAdmin, async (c) => c.json(await mails.listOrderMails(c.req.param("id"))))
      .delete("/:id", requireAdmin, async (c) => c.json(await orders.removeOrder(c.req.param("id"))))
      .post("/:id/paypal", requireUser, async (c) =>
        c.json(await payments.createPaymentOrder(c.var.caller, c.req.param("id"))),
      )
      .put("/:id/pay", requireUser, async (c) => {
        const { id } = await jsonBody(c, PayOrderSchema);
        return c.json(await payments.captureOrderPayment(c.var.caller, c.req.param("id"), id));
      })
      // Refunds (admin): 201 when this request made the refund, 200 for a replayed Idempotency-Key,
      // 202 while PayPal has not confirmed it yet (docs/decisions/030-refunds.md).
      .post("/:id/refunds", requireAdmin, async (c) => {
        const input = await jsonBody(c, RefundInputSchema);
        const key = parseWith(IdempotencyKeySchema, c.req.header("idempotency-key"));
        const { refund, order, created } = await payments.refundOrder(
          c.var.caller,
          c.req.param("id"),
          input,
          key,
        );
        return c.json({ refund, order }, refund.status === "pending" ? 202 : created ? 201 : 200);
      })
      // The final charge of a picked order (admin): 201 recorded now, 200 the same final again, 202
      // while PayPal has not confirmed the weight adjustment (docs/decisions/041-final-charge.md).
      .post("/:id/final", requireAdmin, async (c) => {
        const input = await jsonBody(c, FinalInputSchema);
        const key = parseWith(IdempotencyKeySchema, c.req.header("idempotency-key"));
        const { order, refund, created } = await payments.finalizeOrder(
          c.var.caller,
          c.req.param("id"),
          input,
          key,
        );
        return c.json({ order, refund }, refund?.status === "pending" ? 202 : created ? 201 : 200);
      })
      .put("/:id/deliver", requireAdmin, async (c) =>
        c.json(await orders.markDelivered(c.var.caller, c.req.param("id"))),
      )
  );
}
