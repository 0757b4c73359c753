import { describe, expect, it } from "vitest";
import { isAppError } from "../errors.ts";
import { storageError } from "./errors.ts";

describe("storageError", () => {
  it("turns an outage into UNAVAILABLE that keeps the AWS error as its cause, for the log", () => {
    const timeout = Object.assign(new Error("socket hang up"), { name: "TimeoutError" });
    const turned = storageError(timeout);
    expect(isAppError(turned) && turned.code).toBe("UNAVAILABLE");
    expect(turned instanceof Error && turned.cause).toBe(timeout);
  });

  it("leaves any other error as it is", () => {
    const refused = Object.assign(new Error("no"), { name: "ConditionalCheckFailedException" });
    expect(storageError(refused)).toBe(refused);
  });
});
