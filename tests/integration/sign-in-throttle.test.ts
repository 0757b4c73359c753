import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "@fruit/core/internal/db/client";
import { MAX_FAILURES, WINDOW_SECONDS } from "@fruit/core/internal/users/sign-in-throttle";
import { signInThrottleKind } from "@fruit/core/internal/users/user.records";
import bcrypt from "bcryptjs";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { createUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The sign-in throttle under concurrency: each attempt takes its place in the account's window before
 * any password is compared, so parallel guesses cannot all slip past a check made before the count
 * grew (an earlier version compared 14 of 100 parallel guesses with a limit of 10).
 */
const signIn = (email: string, password: string) =>
  api("/api/users/signin", { method: "POST", body: { email, password } });

const throttleItem = async (email: string) =>
  (
    await db().send(
      new GetCommand({ TableName: tableName(), Key: signInThrottleKind.key(email), ConsistentRead: true }),
    )
  ).Item;

/** Makes the email's window look as if it had opened WINDOW_SECONDS earlier (it has passed). */
const moveWindowBack = (email: string) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: signInThrottleKind.key(email),
      UpdateExpression: "SET windowStart = windowStart - :window",
      ExpressionAttributeValues: { ":window": WINDOW_SECONDS },
    }),
  );

describe("sign-in throttle under concurrency", () => {
  beforeAll(async () => {
    await useFreshTable("signin-throttle");
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** 100 wrong guesses at once; answers how many passwords were compared and how many got 401. */
  async function guessInParallel(email: string) {
    const compare = vi.spyOn(bcrypt, "compare");
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(email, `wrong-guess-${i}`)),
    );
    for (const res of answers) expectClientError(res);
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const compared = compare.mock.calls.length;
    compare.mockRestore();
    return { compared, unauthorized: statuses.filter((status) => status === 401).length };
  }

  it(`compares at most ${MAX_FAILURES} passwords of 100 parallel wrong guesses on one account`, async () => {
    const user = await createUser({ password: "the-right-one" });
    const { compared, unauthorized } = await guessInParallel(user.email);
    console.log(`100 parallel guesses: ${compared} passwords compared, ${unauthorized} answered 401`);
    expect(compared).toBeGreaterThan(0);
    expect(compared).toBeLessThanOrEqual(MAX_FAILURES);
    expect(unauthorized).toBeLessThanOrEqual(MAX_FAILURES);
    // The window is used up: even the right password is refused until it passes.
    expectClientError(await signIn(user.email, "the-right-one"), 429);
    expect(await throttleItem(user.email)).toMatchObject({ failures: MAX_FAILURES });

    // Once the window has passed, 100 parallel guesses race to open the next one: still at most the limit.
    await moveWindowBack(user.email);
    const again = await guessInParallel(user.email);
    expect(again.compared).toBeGreaterThan(0);
    expect(again.compared).toBeLessThanOrEqual(MAX_FAILURES);
    expect(await throttleItem(user.email)).toMatchObject({ failures: MAX_FAILURES });
  });

  it("also for an email that has no account (no enumeration through the throttle)", async () => {
    const { compared } = await guessInParallel(`nobody-${Date.now()}@example.com`);
    expect(compared).toBeLessThanOrEqual(MAX_FAILURES);
  });

  it("a right password clears the window", async () => {
    const user = await createUser({ password: "the-right-one" });
    for (let i = 0; i < 3; i++) expectClientError(await signIn(user.email, `wrong-${i}`), 401);
    expect(await throttleItem(user.email)).toMatchObject({ failures: 3 });
    expect((await signIn(user.email, "the-right-one")).status).toBe(200);
    expect(await throttleItem(user.email)).toBeUndefined();
  });
});
