import { listAddresses, MAX_SAVED_ADDRESSES } from "@fruit/core/addresses";
import { addressStore } from "@fruit/core/internal/addresses/address.store";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/api.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { address, orderOf, orderOfAnswer, place } from "../support/orders.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * Saved addresses (`/api/users/addresses`, docs/decisions/048-saved-addresses.md): the caller's own
 * only, at most MAX_SAVED_ADDRESSES even when added at once, exactly one default at all times, and
 * the first order's address kept for next time exactly once.
 */
const home = { ...address, fullName: "Ann Home", address: "1 Orchard Rd" };
const work = {
  ...address,
  fullName: "Ann Work",
  address: "9 Market St",
  location: { lat: 45.5, lng: -73.56, address: "9 Market St, Montreal" },
};
const addresses = (user: TestUser) => api("/api/users/addresses", { token: user.token });
const add = (user: TestUser, body: unknown) =>
  api("/api/users/addresses", { method: "POST", token: user.token, body });
const change = (user: TestUser, id: string, body: unknown) =>
  api(`/api/users/addresses/${id}`, { method: "PUT", token: user.token, body });
const remove = (user: TestUser, id: string) =>
  api(`/api/users/addresses/${id}`, { method: "DELETE", token: user.token });
const defaults = (list: { isDefault: boolean; _id: string }[]) =>
  list.filter((a) => a.isDefault).map((a) => a._id);

beforeAll(async () => {
  await useFreshTable("addresses");
});

describe("saved addresses", () => {
  it("keeps exactly one default through adds, changes and deletes", async () => {
    const ann = await createUser();
    expect((await addresses(ann)).body).toEqual([]);
    const first = await add(ann, home);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ _id: expect.any(String), ...home, isDefault: true });
    const second = await add(ann, work);
    expect(second.body).toEqual({ _id: expect.any(String), ...work, isDefault: false });
    const third = await add(ann, { ...home, city: "Laval", isDefault: true });
    expect(third.body.isDefault).toBe(true);
    expect(defaults((await addresses(ann)).body)).toEqual([third.body._id]);

    // Making one the default clears the other; `isDefault: false` never leaves none.
    const changed = await change(ann, second.body._id, { ...work, postalCode: "H3B 2Y5", isDefault: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...second.body, postalCode: "H3B 2Y5", isDefault: true });
    expect((await change(ann, second.body._id, { ...work, isDefault: false })).body.isDefault).toBe(true);
    expect(defaults((await addresses(ann)).body)).toEqual([second.body._id]);

    // Deleting the default hands it to the most recently saved other; the last leaves none.
    expect((await remove(ann, second.body._id)).status).toBe(200);
    expect(defaults((await addresses(ann)).body)).toEqual([third.body._id]);
    expect((await remove(ann, first.body._id)).status).toBe(200);
    expect((await remove(ann, third.body._id)).status).toBe(200);
    expect((await addresses(ann)).body).toEqual([]);
    const again = await add(ann, work);
    expect(again.body.isDefault).toBe(true);
  });

  it("answers only the caller's own addresses: another's is not found and stays as it was", async () => {
    const [ann, bob] = [await createUser(), await createUser()];
    const annHome = (await add(ann, home)).body;
    expect((await addresses(bob)).body).toEqual([]);
    expect((await change(bob, annHome._id, work)).body.code).toBe("NOT_FOUND");
    expect((await remove(bob, annHome._id)).status).toBe(404);
    expect((await remove(bob, "not-an-id")).status).toBe(404);
    expect((await addresses(ann)).body).toEqual([annHome]);
    expect((await api("/api/users/addresses")).status).toBe(401);
    expect((await api("/api/users/addresses", { method: "POST", body: home })).status).toBe(401);
  });

  it("refuses an address without the shipping address's fields, and stores `{}` as no location", async () => {
    const ann = await createUser();
    const bad = await add(ann, { ...home, fullName: " " });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION_FAILED", field: "fullName" });
    expect((await add(ann, { ...home, location: { lat: 200, lng: 0 } })).status).toBe(400);
    const noPlace = await add(ann, { ...home, location: {} });
    expect(noPlace.body).toEqual({ _id: expect.any(String), ...home, isDefault: true });
  });

  it("deletes a shopper's addresses with their account", async () => {
    const [root, eve] = [await createUser({ isAdmin: true }), await createUser()];
    await add(eve, home);
    await add(eve, work);
    const deleted = await api(`/api/users/${eve._id}`, { method: "DELETE", token: root.token });
    expect(deleted.status).toBe(200);
    expect(await listAddresses(eve)).toEqual([]);
    expect(await addressStore.hasBook(eve._id)).toBe(false);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses when more are added at once`, async () => {
    const ann = await createUser();
    const tries = MAX_SAVED_ADDRESSES + 3;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, n) => add(ann, { ...home, address: `${n + 1} Orchard Rd` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(
      Array(tries - MAX_SAVED_ADDRESSES).fill("ADDRESS_LIMIT_REACHED"),
    );
    const list = (await addresses(ann)).body;
    expect(list).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(defaults(list)).toHaveLength(1);
    // A place freed is a place to add again.
    await remove(ann, list[0]._id);
    expect((await add(ann, work)).status).toBe(201);
    expect((await add(ann, work)).body.code).toBe("ADDRESS_LIMIT_REACHED");
  });
});

describe("the first order's address is saved for next time", () => {
  it("saves it once, as the default, whatever the retries and later orders", async () => {
    const ann = await createUser();
    const kiwi = await createProduct({ countInStock: 100 });
    const key = { "Idempotency-Key": "first-order-of-ann" };
    const [one, two] = await Promise.all([place(ann, orderOf(kiwi), key), place(ann, orderOf(kiwi), key)]);
    expect((await orderOfAnswer(one))._id).toBe((await orderOfAnswer(two))._id);
    expect((await place(ann, orderOf(kiwi), key)).status).toBe(200);
    expect((await place(ann, { ...orderOf(kiwi), shippingAddress: work })).status).toBe(201);
    const list = (await addresses(ann)).body;
    expect(list).toEqual([{ _id: expect.any(String), ...address, isDefault: true }]);
  });

  it("saves exactly one when two first orders are placed at once", async () => {
    const bob = await createUser();
    const kiwi = await createProduct({ countInStock: 100 });
    const placed = await Promise.all([
      place(bob, orderOf(kiwi)),
      place(bob, { ...orderOf(kiwi), shippingAddress: work }),
    ]);
    expect(placed.map((res) => res.status)).toEqual([201, 201]);
    const list = (await addresses(bob)).body;
    expect(list).toHaveLength(1);
    expect(list[0].isDefault).toBe(true);
  });

  it("leaves a shopper who already saved addresses, or deleted them all, as they are", async () => {
    const [cara, dan] = [await createUser(), await createUser()];
    const kiwi = await createProduct({ countInStock: 100 });
    const saved = (await add(cara, work)).body;
    expect((await place(cara, orderOf(kiwi))).status).toBe(201);
    expect((await addresses(cara)).body).toEqual([saved]);
    await remove(dan, (await add(dan, work)).body._id);
    expect((await place(dan, orderOf(kiwi))).status).toBe(201);
    expect((await addresses(dan)).body).toEqual([]);
  });
});
