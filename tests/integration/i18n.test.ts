import { getItem } from "@fruit/core/internal/db/items";
import { productKind } from "@fruit/core/internal/products/product.records";
import { mailHeaders, type OutgoingMail } from "@fruit/core/mails/ses";
import { app } from "@fruit/functions/api/index";
import { mailStreamRecords } from "@fruit/functions/lambda/mail-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakePaypal, useTableWithFakePaypal } from "../support/fake-paypal.ts";
import { createProduct, createUser, type TestUser } from "../support/fixtures.ts";
import { countingSender } from "../support/mail-senders.ts";
import { call, json, orderBody, orderOfAnswer, place, storedOrder } from "../support/orders.ts";
import { fanOutByHand, restock } from "../support/restock.ts";
import { streamRecord } from "../support/stream-events.ts";

/**
 * The shop in two languages, through the API (docs/decisions/050-i18n-formatjs.md): the language a
 * shopper chose travels from the profile to the token, the order and every mail of the order —
 * the admin-triggered final receipt and refund included —; error messages follow
 * `Accept-Language`; product texts answer in French with the English fallback marked, and are
 * searched and filtered in French, accents aside.
 */

let fake: FakePaypal;
let ann: TestUser;
let admin: TestUser;

beforeAll(async () => {
  fake = await useTableWithFakePaypal("i18n");
  ann = await createUser({ name: "Ann" });
  admin = await createUser({ name: "Root", isAdmin: true });
});
afterAll(() => fake.close());

const FRENCH = { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5" };
const spaces = (text: string): string => text.replace(/[\u00a0\u202f\u2009]/g, " ");

/** PUT /api/users/profile as `user`, answering the new user info. */
async function saveProfile(user: TestUser, body: unknown, headers: Record<string, string> = {}) {
  return app.request("/api/users/profile", json(user, "PUT", body, headers));
}

describe("the shopper's language", () => {
  it("is saved with the profile, answered by sign-in, and refused when not one of the shop's", async () => {
    const saved = await saveProfile(ann, { locale: "fr-CA" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ locale: "fr-CA" });
    const signedIn = await app.request(
      "/api/users/signin",
      json(undefined, "POST", { email: ann.email, password: ann.password }),
    );
    expect(await signedIn.json()).toMatchObject({ locale: "fr-CA" });
    const refused = await saveProfile(ann, { locale: "de-DE" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "locale" });
  });

  it("goes with the order: the body's, else the user's (from their token), else English", async () => {
    const product = await createProduct({ price: 4 });
    const body = orderBody([{ product, quantity: 1 }]);
    const fromBody = await orderOfAnswer(await place(admin, { ...body, locale: "fr-CA" }));
    expect(fromBody.locale).toBe("fr-CA");
    expect((await storedOrder(fromBody._id)).locale).toBe("fr-CA");

    const token = (await (await saveProfile(ann, { locale: "fr-CA" })).json()).token as string;
    const french = { ...ann, token, auth: { Authorization: `Bearer ${token}` } };
    const fromUser = await orderOfAnswer(await place(french, body));
    expect(fromUser.locale).toBe("fr-CA");
    expect((await (await call(french, "GET", `/${fromUser._id}`)).json()).locale).toBe("fr-CA");

    const plain = await orderOfAnswer(await place(admin, body));
    expect(plain.locale).toBe("en");
  });
});

describe("a French order's mails", () => {
  it("are all French, with Content-Language: fr-CA — placed, paid, and the admin's final receipt and refund", async () => {
    const cherry = await createProduct({
      name: "Cherries",
      price: 12.49,
      countInStock: 10,
      unit: "kg",
      step: 0.25,
    });
    const order = await orderOfAnswer(
      await place(ann, { ...orderBody([{ product: cherry, quantity: 0.75 }]), locale: "fr-CA" }),
    );
    const placed = await storedOrder(order._id);
    const { id } = (await (await call(ann, "POST", `/${order._id}/paypal`)).json()) as { id: string };
    expect((await call(ann, "PUT", `/${order._id}/pay`, { id })).status).toBe(200);
    const paid = await storedOrder(order._id);
    const final = await app.request(
      `/api/orders/${order._id}/final`,
      json(admin, "POST", { lines: [{ _id: cherry._id, picked: 0.712 }] }),
    );
    expect(final.status).toBe(201);
    const finalised = await storedOrder(order._id);

    const key = { pk: `ORDER#${order._id}`, sk: "ORDER" };
    const sender = countingSender();
    await mailStreamRecords(
      [
        streamRecord("INSERT", key, undefined, placed),
        streamRecord("MODIFY", key, placed, paid),
        streamRecord("MODIFY", key, paid, finalised),
      ],
      { send: sender.send },
    );
    const subjects = sender.sent.map((mail) => mail.subject);
    expect(subjects).toEqual([
      `Fruit Shop : commande ${order._id} reçue`,
      `Fruit Shop : reçu de la commande ${order._id}`,
      `Fruit Shop : reçu final de la commande ${order._id}`,
      `Fruit Shop : remboursement de la commande ${order._id}`,
    ]);
    for (const mail of sender.sent as OutgoingMail[]) {
      expect(mailHeaders(mail)).toContainEqual({ Name: "Content-Language", Value: "fr-CA" });
      expect(spaces(mail.text)).toContain("Bonjour Ann,");
      expect(mail.text).not.toMatch(/\$\d/);
    }
    expect(spaces(sender.sent[2]?.text ?? "")).toContain("20,22 $ US au lieu des 20,78 $ US payés");
    expect(spaces(sender.sent[3]?.text ?? "")).toContain("Nous avons remboursé 0,56 $ US");
  });
});

describe("a restock alert asked in French", () => {
  it("keeps its language and is mailed in French, naming the product by its French name", async () => {
    const product = await createProduct({ name: "Raspberries", countInStock: 0 });
    const put = await app.request(
      `/api/products/${product._id}`,
      json(admin, "PUT", { translations: { "fr-CA": { name: "Framboises" } } }),
    );
    expect(put.status).toBe(200);
    const asked = await app.request(
      `/api/products/${product._id}/restock-alerts`,
      json(admin, "POST", undefined, FRENCH),
    );
    expect(asked.status).toBe(200);
    const sender = countingSender();
    const options = { send: sender.send, pace: async () => {} };
    await fanOutByHand(await restock(product._id, options), options);
    expect(sender.sent).toHaveLength(1);
    const [mail] = sender.sent;
    expect(mail?.subject).toBe("Fruit Shop : Framboises est de retour en stock");
    expect(mail && mailHeaders(mail)).toContainEqual({ Name: "Content-Language", Value: "fr-CA" });
    expect(spaces(mail?.text ?? "")).toContain("5,00 $ US / kg");
  });
});

describe("error messages", () => {
  it("follow Accept-Language while the code stays", async () => {
    const french = await app.request("/api/products/slug/no-such-product", { headers: FRENCH });
    expect(french.status).toBe(404);
    expect(french.headers.get("content-language")).toBe("fr-CA");
    expect(await french.json()).toEqual({ code: "NOT_FOUND", message: "Introuvable" });
    const english = await app.request("/api/products/slug/no-such-product", {
      headers: { "Accept-Language": "en-US" },
    });
    expect(await english.json()).toEqual({ code: "NOT_FOUND", message: "Product Not Found" });
    const field = await saveProfile(ann, { locale: 3 }, FRENCH);
    expect(await field.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "locale",
      message: "Un champ n’est pas valide : locale",
    });
  });
});

describe("product texts in French", () => {
  let peaches: { _id: string; slug: string };

  beforeAll(async () => {
    peaches = await createProduct({ name: "White Peaches", category: "Stone fruit" });
    const put = await app.request(
      `/api/products/${peaches._id}`,
      json(admin, "PUT", {
        translations: { "fr-CA": { name: "Pêches blanches", category: "Fruits à noyau" } },
      }),
    );
    expect(put.status).toBe(200);
    expect((await put.json()).product.translations).toEqual({
      "fr-CA": { name: "Pêches blanches", category: "Fruits à noyau" },
    });
  });

  it("answers the French text with ?lang=fr-CA, marking what falls back to English", async () => {
    const page = await (await app.request(`/api/products/slug/${peaches.slug}?lang=fr-CA`)).json();
    expect(page).toMatchObject({
      name: "Pêches blanches",
      category: "Fruits à noyau",
      lang: "fr-CA",
      fallback: ["description"],
    });
    const english = await (await app.request(`/api/products/slug/${peaches.slug}?lang=en`)).json();
    expect(english).toMatchObject({ name: "White Peaches", category: "Stone fruit", lang: "en" });
    const untranslated = await createProduct({ name: "Plain Plums" });
    const plums = await (await app.request(`/api/products/slug/${untranslated.slug}?lang=fr-CA`)).json();
    expect(plums).toMatchObject({
      name: "Plain Plums",
      lang: "en",
      fallback: ["name", "description", "category"],
    });
  });

  it("finds French words with or without their accents, and filters by the French category", async () => {
    for (const q of ["pêche", "peche", "PECHES blanc"]) {
      const found = await (await app.request(`/api/products?lang=fr-CA&q=${encodeURIComponent(q)}`)).json();
      expect(
        found.map((p: { _id: string }) => p._id),
        q,
      ).toContain(peaches._id);
    }
    const byCategory = await (
      await app.request("/api/products?lang=fr-CA&category=fruits%20a%20noyau")
    ).json();
    expect(byCategory.map((p: { name: string }) => p.name)).toEqual(["Pêches blanches"]);
    const categories = await (await app.request("/api/products/categories?lang=fr-CA")).json();
    expect(categories).toContain("Fruits à noyau");
    expect(await (await app.request("/api/products/categories")).json()).toContain("Stone fruit");
  });

  it("removes the translations whose texts are all emptied, storing no empty map (the stream reads the item)", async () => {
    const plums = await createProduct({ name: "Emptied Plums" });
    const texts = (fr: Record<string, string>) => json(admin, "PUT", { translations: { "fr-CA": fr } });
    expect((await app.request(`/api/products/${plums._id}`, texts({ name: "Prunes" }))).status).toBe(200);
    const emptied = await app.request(
      `/api/products/${plums._id}`,
      texts({ name: "", category: "", description: "" }),
    );
    expect(emptied.status).toBe(200);
    expect((await emptied.json()).product.translations).toBeUndefined();
    const stored = await getItem(productKind.key(plums._id));
    expect(stored && "translations" in stored).toBe(false);
    const page = await (await app.request(`/api/products/slug/${plums.slug}?lang=fr-CA`)).json();
    expect(page).toMatchObject({ name: "Emptied Plums", lang: "en" });
  });
});
