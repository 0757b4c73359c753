import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ForeignDataError, parseForeign } from "./foreign.ts";

const Schema = v.object({ id: v.string(), lines: v.array(v.object({ quantity: v.number() })) });

describe("parseForeign", () => {
  it("answers what the schema parsed, dropping what it does not read", () => {
    expect(parseForeign("an edge", Schema, { id: "a", lines: [{ quantity: 1 }], extra: true })).toEqual({
      id: "a",
      lines: [{ quantity: 1 }],
    });
  });

  it("fails loudly with the edge's name and the field's path", () => {
    let thrown: unknown;
    try {
      parseForeign("PayPal GET /v2/checkout/orders/{id}", Schema, { id: "a", lines: [{ quantity: "1" }] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ForeignDataError);
    expect(thrown).toMatchObject({
      name: "ForeignDataError",
      edge: "PayPal GET /v2/checkout/orders/{id}",
      path: "lines.0.quantity",
    });
    expect((thrown as Error).message).toMatch(
      /^PayPal GET \/v2\/checkout\/orders\/\{id\} is malformed: lines\.0\.quantity: Invalid type/,
    );
  });

  it("names no field when the whole value is wrong", () => {
    expect(() => parseForeign("image state.json", Schema, "text")).toThrow(
      expect.objectContaining({
        path: undefined,
        message: expect.stringMatching(/^image state\.json is malformed: Invalid type/),
      }),
    );
  });
});
