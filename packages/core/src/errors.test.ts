import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError, errorCodes, fieldError, isErrorCode } from "./errors.ts";

/** The rows of docs/errors.md's table: `| \`CODE\` | status | meaning |`. */
function documentedCodes(): Record<string, { status: number; meaning: string }> {
  const doc = readFileSync(new URL("../../../docs/errors.md", import.meta.url), "utf8");
  const rows = [...doc.matchAll(/^\| `([A-Z0-9_]+)` \| (\d{3}) \| (.+) \|$/gm)];
  return Object.fromEntries(
    rows.map(([, code, status, meaning]) => [
      code,
      { status: Number(status), meaning: (meaning ?? "").replaceAll("\\|", "|") },
    ]),
  );
}

describe("error codes", () => {
  it("docs/errors.md lists every code of the registry with its status and meaning, and no other", () => {
    expect(documentedCodes()).toEqual(errorCodes);
  });

  it("names every code in UPPER_SNAKE with a 4xx or 5xx status", () => {
    for (const [code, { status }] of Object.entries(errorCodes)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(status >= 400 && status < 600, code).toBe(true);
    }
  });

  it("takes an error's status from its code", () => {
    const error = new AppError("SLOT_FULL", "The window is full", { deliverySlotId: "s1" });
    expect(error).toMatchObject({ code: "SLOT_FULL", status: 409, details: { deliverySlotId: "s1" } });
    expect(new AppError("IDEMPOTENCY_KEY_REUSED", "again").status).toBe(422);
  });

  it("names the field of a validation error in its details and its message", () => {
    expect(fieldError("orderItems.0.quantity", "must be more than 0")).toMatchObject({
      code: "VALIDATION_FAILED",
      status: 400,
      message: "orderItems.0.quantity: must be more than 0",
      details: { field: "orderItems.0.quantity" },
    });
  });

  it("tells a code from any other string", () => {
    expect(isErrorCode("OUT_OF_STOCK")).toBe(true);
    expect(isErrorCode("out_of_stock")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
  });
});
