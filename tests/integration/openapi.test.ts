import { OrderInputSchema } from "@fruit/core/browser/orders";
import { errorCodes } from "@fruit/core/errors";
import { app } from "@fruit/functions/api/index";
import { Validator } from "@seriousme/openapi-schema-validator";
import { toJsonSchema } from "@valibot/to-json-schema";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/api.ts";
import { useFreshTable } from "../support/table.ts";

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is free-form JSON
type Json = any;

/** Every route the app registers, as `METHOD /path` (middleware for every method left out). */
const servedRoutes = () => [
  ...new Set(app.routes.filter((route) => route.method !== "ALL").map((r) => `${r.method} ${r.path}`)),
];

/** `GET /api/products/:id` → the document's `["/api/products/{id}", "get"]`. */
const documentKey = (route: string) => {
  const [method = "", path = ""] = route.split(" ");
  return [path.replace(/:([A-Za-z_]+)/g, "{$1}"), method.toLowerCase()] as const;
};

describe("GET /api/openapi.json", () => {
  let doc: Json;

  beforeAll(async () => {
    await useFreshTable("openapi");
    const res = await api("/api/openapi.json");
    expect(res.status).toBe(200);
    doc = res.body;
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every route the app registers, and no other", () => {
    const served = servedRoutes();
    expect(served.length).toBeGreaterThan(50);
    const missing = served.filter((route) => {
      const [path, method] = documentKey(route);
      return doc.paths[path]?.[method] === undefined;
    });
    expect(missing, "routes missing from the document").toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const servedKeys = served.map((route) => {
      const [path, method] = documentKey(route);
      return `${method.toUpperCase()} ${path}`;
    });
    expect(
      documented.filter((route) => !servedKeys.includes(route)),
      "documented but not served",
    ).toEqual([]);
  });

  it("describes a body with the schema the route validates it with, path parameters and bearer auth", () => {
    const place = doc.paths["/api/orders"].post;
    const { $schema: _dialect, ...placement } = toJsonSchema(OrderInputSchema, {
      target: "draft-2020-12",
      typeMode: "input",
      errorMode: "ignore",
    });
    expect(place.requestBody.content["application/json"].schema).toEqual(placement);
    expect(place.parameters).toContainEqual(
      expect.objectContaining({ name: "Idempotency-Key", in: "header" }),
    );
    expect(place.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/products"].get.security).toBeUndefined();
    expect(doc.paths["/api/products"].get.parameters).toContainEqual(
      expect.objectContaining({ name: "limit", in: "query" }),
    );
    expect(doc.paths["/api/orders/{id}/pay"].put.parameters).toContainEqual(
      expect.objectContaining({ name: "id", in: "path", required: true }),
    );
  });

  it("answers each route's success and its error codes, each a documented code under its own status", () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations as Record<string, Json>)) {
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => status.startsWith("2")),
          `${method} ${path}`,
        ).toBe(true);
        for (const status of statuses.filter((s) => !s.startsWith("2"))) {
          const codes: string[] =
            operation.responses[status].content["application/json"].schema.allOf[1].properties.code.enum;
          for (const code of codes) {
            expect(code in errorCodes, code).toBe(true);
            expect(
              String(errorCodes[code as keyof typeof errorCodes].status),
              `${method} ${path} ${code}`,
            ).toBe(status);
          }
        }
      }
    }
    const placement = doc.paths["/api/orders"].post.responses;
    expect(placement["409"].content["application/json"].schema.allOf[1].properties.code.enum).toEqual(
      expect.arrayContaining(["SLOT_FULL", "CUTOFF_PASSED", "OUT_OF_STOCK", "PRICES_CHANGED"]),
    );
    expect(placement["400"].content["application/json"].schema.allOf[1].properties.code.enum).toContain(
      "VALIDATION_FAILED",
    );
    expect(placement["401"]).toBeDefined();
    expect(doc.paths["/api/users"].get.responses["403"]).toBeDefined();
  });
});
