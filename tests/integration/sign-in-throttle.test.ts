import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "@fruit/core/internal/db/client";
import { MAX_FAILURES, WINDOW_SECONDS } from "@fruit/core/internal/users/sign-in-throttle";
import { signInThrottleKind } from "@fruit/core/internal/users/user.records";
import bcrypt from "bcryptjs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { type CpuHog, startCpuHog } from "../support/cpu-hog.ts";
import { createUser } from "../support/fixtures.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The sign-in throttle under concurrency: each attempt takes its place in the account's window before
 * any password is compared, so parallel guesses cannot all slip past a check made before the count
 * grew (an earlier version compared 14 of 100 parallel guesses with a limit of 10). A right password
 * gives back only its own place: when it deleted the window, the guesses still in flight opened a
 * fresh one (18 of 100 compared on a loaded machine, and the guess after them too).
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

  it("a right password gives back only its own place: the failures before it stay counted", async () => {
    const user = await createUser({ password: "the-right-one" });
    for (let i = 0; i < 3; i++) expectClientError(await signIn(user.email, `wrong-${i}`), 401);
    expect(await throttleItem(user.email)).toMatchObject({ failures: 3 });
    expect((await signIn(user.email, "the-right-one")).status).toBe(200);
    expect(await throttleItem(user.email)).toMatchObject({ failures: 3 });
    for (let i = 3; i < MAX_FAILURES; i++) expectClientError(await signIn(user.email, `wrong-${i}`), 401);
    expectClientError(await signIn(user.email, "the-right-one"), 429);
  });

  it("a right password compared while the other guesses are answered frees its place and no other", async () => {
    const user = await createUser({ password: "the-right-one" });
    const compare = bcrypt.compare.bind(bcrypt);
    let comparing: () => void = () => {};
    const rightComparing = new Promise<void>((resolve) => {
      comparing = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.spyOn(bcrypt, "compare").mockImplementation(async (password: string, hash: string) => {
      if (password === "the-right-one") {
        comparing();
        await released;
      }
      return compare(password, hash);
    });
    // The right password takes the first place and is held there while 99 wrong guesses are answered.
    const right = signIn(user.email, "the-right-one");
    await rightComparing;
    const wrong = await Promise.all(
      Array.from({ length: 99 }, (_, i) => signIn(user.email, `wrong-guess-${i}`)),
    );
    expect(wrong.filter((res) => res.status === 401)).toHaveLength(MAX_FAILURES - 1);
    expect(wrong.filter((res) => res.status === 429)).toHaveLength(100 - MAX_FAILURES);
    release();
    expect((await right).status).toBe(200);
    // Its place, and only its place, came back: one more wrong guess is compared, then 429.
    expect(await throttleItem(user.email)).toMatchObject({ failures: MAX_FAILURES - 1 });
    expectClientError(await signIn(user.email, "wrong-after"), 401);
    expectClientError(await signIn(user.email, "wrong-after-that"), 429);
    expectClientError(await signIn(user.email, "the-right-one"), 429);
  });
});

describe("sign-in throttle with a CPU hog beside it", () => {
  let hog: CpuHog | undefined;
  beforeAll(async () => {
    await useFreshTable("signin-throttle-hog");
    hog = startCpuHog();
  });
  afterAll(async () => {
    await hog?.stop();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it(`compares at most ${MAX_FAILURES} wrong passwords of 100 parallel guesses with the right one among them`, async () => {
    const user = await createUser({ password: "the-right-one" });
    const compare = vi.spyOn(bcrypt, "compare");
    // The right password is guess #21, as in the run that failed.
    const passwords = Array.from({ length: 100 }, (_, i) =>
      i === 20 ? "the-right-one" : `wrong-guess-${i}`,
    );
    const answers = await Promise.all(passwords.map((password) => signIn(user.email, password)));
    const compared = compare.mock.calls.map(([password]) => password);
    compare.mockRestore();

    const rightAnswer = answers[20]?.status;
    const wrongAnswers = answers.filter((_, i) => i !== 20).map((res) => res.status);
    expect([200, 429]).toContain(rightAnswer);
    expect(wrongAnswers.every((status) => status === 401 || status === 429)).toBe(true);
    const failed = wrongAnswers.filter((status) => status === 401).length;
    // Every wrong password compared answered 401, and there are at most MAX_FAILURES of them; the
    // right one was compared only if it got a place (then it answered 200).
    expect(compared.filter((password) => password !== "the-right-one")).toHaveLength(failed);
    expect(failed).toBeLessThanOrEqual(MAX_FAILURES);
    expect(compared.filter((password) => password === "the-right-one")).toHaveLength(
      rightAnswer === 200 ? 1 : 0,
    );
    console.log(
      `100 parallel guesses beside a CPU hog: ${failed} wrong compared, the right one ${rightAnswer}`,
    );

    // The window was never reopened: the guesses after the 100 are compared only up to MAX_FAILURES
    // wrong passwords in all, then answer 429. When the right password gave its place back after
    // the wrong guesses were answered, one guess after them takes that place; otherwise none.
    expect(failed).toBeGreaterThanOrEqual(rightAnswer === 200 ? MAX_FAILURES - 1 : MAX_FAILURES);
    for (let i = failed; i < MAX_FAILURES; i++)
      expectClientError(await signIn(user.email, `after-${i}`), 401);
    expectClientError(await signIn(user.email, "after-all"), 429);
    expect(await throttleItem(user.email)).toMatchObject({ failures: MAX_FAILURES });
  });
});
