import { GetCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { priceLines } from "@fruit/core/browser/money";
import { db, tableName } from "@fruit/core/internal/db/client";
import { app } from "@fruit/functions/api/index";
import { expect } from "vitest";
import type { createProduct, TestUser } from "./fixtures.ts";

/**
 * Order helpers shared by the integration suites: request bodies the storefront would send, calls
 * to `/api/orders` through `app.request()`, and direct reads of the stored order items.
 */

export type OrderProduct = Awaited<ReturnType<typeof createProduct>>;
export type OrderLine = { product: OrderProduct; quantity: number; substitute?: "allowed" | "no" };

/** A valid shipping address. */
export const address = {
  fullName: "Ann Buyer",
  address: "1 Orchard Rd",
  city: "Montreal",
  postalCode: "H2X 1Y4",
  country: "Canada",
};

/**
 * The body the checkout sends: each line a snapshot of the product as the cart holds it, totals
 * computed from the line prices (the server reprices and must agree), then `override`.
 */
export function orderBody(lines: OrderLine[], override: Record<string, unknown> = {}) {
  const prices = priceLines(
    lines.map((line) => ({ price: line.product.price, quantity: line.quantity, unit: line.product.unit })),
  );
  const orderItems = lines.map(({ product, quantity, substitute }) => ({
    _id: product._id,
    name: product.name,
    slug: product.slug,
    image: product.image,
    price: product.price,
    unit: product.unit,
    step: product.step,
    quantity,
    countInStock: 99,
    ...(substitute ? { substitute } : {}),
  }));
  return { orderItems, shippingAddress: address, paymentMethod: "PayPal", ...prices, ...override };
}

/**
 * The smallest valid body for `quantity` of one product: the line carries only id and quantity, and
 * the totals agree with the server's repricing.
 */
export const orderOf = (product: { _id: string; price: number }, quantity = 1) => ({
  orderItems: [{ _id: product._id, quantity }],
  shippingAddress: address,
  paymentMethod: "PayPal",
  ...priceLines([{ price: product.price, quantity }]),
});

/** Request init of a JSON call, signed in as `user` when given. */
export const json = (
  user: TestUser | undefined,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => ({
  method,
  headers: { ...(user?.auth ?? {}), "Content-Type": "application/json", ...headers },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** POST /api/orders as `user`. */
export const place = (user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  app.request("/api/orders", json(user, "POST", body, headers));

/** `method` /api/orders`path` as `user` (anonymous when undefined). */
export const call = (user: TestUser | undefined, method: string, path: string, body?: unknown) =>
  app.request(`/api/orders${path}`, json(user, method, body));

/** The order inside a POST /api/orders answer, which is `{ message: "New Order Created", order }`. */
export async function orderOfAnswer(res: Response) {
  const body = await res.json();
  expect(body.message).toBe("New Order Created");
  return body.order;
}

/** Places an order of `lines` as `user`, expecting 201, and answers the order. */
export async function placed(user: TestUser, lines: OrderLine[]) {
  const res = await place(user, orderBody(lines));
  expect(res.status).toBe(201);
  return orderOfAnswer(res);
}

/** A product's stock as the public product endpoint reports it. */
export const stockOf = async (id: string) =>
  (await (await app.request(`/api/products/${id}`)).json()).countInStock as number;

/** The stored order item of `id`, read straight from the table. */
export async function storedOrder(id: string) {
  const key = { pk: `ORDER#${id}`, sk: "ORDER" };
  return (await db().send(new GetCommand({ TableName: tableName(), Key: key }))).Item!;
}

/** Every stored order item in the table. */
export async function storedOrders() {
  const scan = new ScanCommand({
    TableName: tableName(),
    FilterExpression: "sk = :o",
    ExpressionAttributeValues: { ":o": "ORDER" },
  });
  return (await db().send(scan)).Items ?? [];
}

/** How many orders the table holds. */
export const orderCount = async () => (await storedOrders()).length;
