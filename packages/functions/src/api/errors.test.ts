import { AppError } from "@fruit/core/errors";
import { sink } from "@fruit/core/log";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mapError } from "./errors.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

/** What core's storageError (db/errors.ts) makes of a storage outage: UNAVAILABLE, caused by the AWS error. */
const storageError = (cause: Error) =>
  new AppError("UNAVAILABLE", "The store is temporarily unavailable, please try again", undefined, { cause });

/** A DynamoDB client failure as the SDK throws it: a named Error, with a system code when the socket failed. */
function awsFailure(name: string, code?: string): Error {
  const error = new Error("the request failed");
  error.name = name;
  if (code) Object.assign(error, { code });
  return error;
}

function appThrowing(error: unknown) {
  return new Hono()
    .get("/x", () => {
      throw error;
    })
    .onError(mapError);
}

describe("a 5xx the shop chooses", () => {
  it("answers 503 UNAVAILABLE for a storage outage and logs which outage it was, never telling the caller", async () => {
    const lines: string[] = [];
    vi.spyOn(sink, "write").mockImplementation((_level, line) => {
      lines.push(line);
    });
    const response = await appThrowing(storageError(awsFailure("TimeoutError"))).request("/x");
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body).toEqual({ code: "UNAVAILABLE", message: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain("TimeoutError");
    const turnedAway = lines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.message === "request turned away");
    expect(turnedAway).toMatchObject({ status: 503, code: "UNAVAILABLE", cause: "TimeoutError", path: "/x" });
  });

  it("names a dropped connection by its system code", async () => {
    const lines: string[] = [];
    vi.spyOn(sink, "write").mockImplementation((_level, line) => {
      lines.push(line);
    });
    await appThrowing(storageError(awsFailure("Error", "ECONNRESET"))).request("/x");
    expect(lines.map((line) => JSON.parse(line).cause)).toContain("Error ECONNRESET");
  });
});
