import { randomUUID } from "node:crypto";
import { isConditionalCheckFailure, whenConditionFails } from "@fruit/core/internal/db/errors";
import { getItem, putItem, updateItem } from "@fruit/core/internal/db/items";
import { defineKind } from "@fruit/core/internal/db/kind";
import {
  afterLease,
  alsoRequire,
  claimOnce,
  expiringClaim,
  firstClaim,
  heldBy,
  leaseEnded,
  newClaim,
  settleOnce,
  takeOver,
} from "@fruit/core/internal/db/once";
import { paymentStore } from "@fruit/core/internal/payments/payment.store";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { useFreshTable } from "../support/table.ts";

/**
 * The one exactly-once pattern (packages/core/src/db/once.ts; docs/decisions/032-exactly-once.md),
 * raced over DynamoDB Local: many writers at once, exactly one wins each step. Every assertion here
 * fails when a condition of once.ts is dropped.
 */

const RACERS = 20;

const workKind = defineKind({
  name: "once test work",
  schema: v.object({
    status: v.string(),
    claim: v.optional(v.string()),
    claimedAt: v.optional(v.string()),
    expiresAt: v.optional(v.number()),
    outcome: v.optional(v.string()),
  }),
  key: (id: string) => ({ pk: `ONCE_TEST#${id}`, sk: "ONCE_TEST" }),
});

const freshKey = () => workKind.key(randomUUID());

/** How many of `writes` committed; a failed condition counts as lost, anything else throws. */
async function winners(writes: (() => Promise<unknown>)[]): Promise<number> {
  const results = await Promise.allSettled(writes.map((write) => write()));
  for (const result of results)
    if (result.status === "rejected" && !isConditionalCheckFailure(result.reason)) throw result.reason;
  return results.filter((result) => result.status === "fulfilled").length;
}

beforeAll(async () => {
  await useFreshTable("once");
});

describe("db/once.ts under racing writers", () => {
  it("lets exactly one of many first claims of one key win", async () => {
    const key = freshKey();
    const won = await winners(
      Array.from(
        { length: RACERS },
        () => () => putItem(workKind.putAt(key, { status: "held", ...newClaim() }, firstClaim())),
      ),
    );
    expect(won).toBe(1);
  });

  it("lets only the holder settle, once", async () => {
    const key = freshKey();
    const holder = newClaim();
    await putItem(workKind.putAt(key, { status: "held", ...holder }, firstClaim()));
    const settle = (stamp: { claim: string }, outcome: string) => () =>
      updateItem(
        workKind.update(key, {
          UpdateExpression: "SET #status = :done, outcome = :outcome",
          ...alsoRequire(
            { ExpressionAttributeValues: { ":done": "done", ":outcome": outcome } },
            heldBy(stamp, "held"),
          ),
        }),
      );
    const strangers = Array.from({ length: RACERS - 1 }, (_, i) => settle(newClaim(), `stranger-${i}`));
    expect(await winners([...strangers, settle(holder, "holder")])).toBe(1);
    expect(workKind.decodeFound(await getItem(key))?.outcome).toBe("holder");
    // Settled: the holder itself cannot settle it a second time.
    expect(await winners([settle(holder, "again")])).toBe(0);
  });

  it("lets exactly one of many writers settle a record that is its own claim", async () => {
    const key = freshKey();
    await putItem(workKind.putAt(key, { status: "pending" }, firstClaim()));
    const won = await winners(
      Array.from(
        { length: RACERS },
        (_, i) => () =>
          putItem(workKind.putAt(key, { status: "completed", outcome: `w${i}` }, heldBy({}, "pending"))),
      ),
    );
    expect(won).toBe(1);
  });

  it("lets exactly one of many take over a claim read in a status that may be claimed again", async () => {
    const key = freshKey();
    const failed = newClaim();
    await putItem(workKind.putAt(key, { status: "failed", ...failed }, firstClaim()));
    const won = await winners(
      Array.from(
        { length: RACERS },
        () => () =>
          putItem(workKind.putAt(key, { status: "held", ...newClaim() }, takeOver(failed, "failed"))),
      ),
    );
    expect(won).toBe(1);
    // A claim that is not the one read (taken over meanwhile) cannot be taken over.
    expect(
      await winners([
        () => putItem(workKind.putAt(key, { status: "held", ...newClaim() }, takeOver(failed, "failed"))),
      ]),
    ).toBe(0);
  });

  it("lets exactly one claim an expired key, and nobody a live one", async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = freshKey();
    await putItem(workKind.putAt(expired, { status: "held", expiresAt: now - 10 }));
    const claimExpired = () => () =>
      putItem(workKind.putAt(expired, { status: "held", expiresAt: now + 60 }, expiringClaim(now)));
    expect(await winners(Array.from({ length: RACERS }, claimExpired))).toBe(1);
    const live = freshKey();
    await putItem(workKind.putAt(live, { status: "held", expiresAt: now + 60 }));
    expect(
      await winners([
        () => putItem(workKind.putAt(live, { status: "held", expiresAt: now + 60 }, expiringClaim(now))),
      ]),
    ).toBe(0);
  });

  it("gives one of many claim steps (claimOnce) the claim; every other reads the winner's record", async () => {
    const key = freshKey();
    const read = async () => workKind.decodeFound(await getItem(key));
    const outcomes = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        claimOnce(read, (previous) => {
          if (previous) return { taken: previous };
          const record = { status: "held", outcome: `racer-${i}`, ...newClaim() };
          return { write: workKind.putAt(key, record, firstClaim()), record };
        }),
      ),
    );
    const claimed = outcomes.flatMap((outcome) => ("claimed" in outcome ? [outcome.claimed] : []));
    expect(claimed).toHaveLength(1);
    // Every loser answers what the winner left, never its own record.
    for (const outcome of outcomes)
      if ("taken" in outcome) expect(outcome.taken?.outcome).toBe(claimed[0]?.outcome);
    // A claim step that finds the work claimed writes nothing.
    expect(await claimOnce(read, (previous) => ({ taken: previous ?? { status: "none" } }))).toMatchObject({
      taken: { claim: claimed[0]?.claim },
    });
  });

  it("lets settleOnce answer true for the holder only, once", async () => {
    const key = freshKey();
    const holder = newClaim();
    await putItem(workKind.putAt(key, { status: "held", ...holder }, firstClaim()));
    const settle = (stamp: { claim: string }) =>
      settleOnce(
        workKind.update(key, {
          UpdateExpression: "SET #status = :done",
          ...alsoRequire({ ExpressionAttributeValues: { ":done": "done" } }, heldBy(stamp, "held")),
        }),
      );
    expect(await settle(newClaim())).toBe(false);
    expect(await settle(holder)).toBe(true);
    expect(await settle(holder)).toBe(false);
  });

  it("catches a refused condition only (whenConditionFails), and lets every other error through", async () => {
    const key = freshKey();
    await putItem(workKind.putAt(key, { status: "held" }));
    const refused = await whenConditionFails(
      putItem(workKind.putAt(key, { status: "again" }, firstClaim())).then(() => "written"),
      (refusal) => `refused: ${refusal.name}`,
    );
    expect(refused).toBe("refused: ConditionalCheckFailedException");
    await expect(whenConditionFails(Promise.reject(new Error("boom")), () => "refused")).rejects.toThrow(
      "boom",
    );
  });

  it("waits out what is left of a lease before reading a held claim again (afterLease)", async () => {
    const found = { claimedAt: "2026-11-27T10:00:00.000Z", status: "held" };
    const waits: number[] = [];
    const pause = async (ms: number) => {
      waits.push(ms);
    };
    const reread = async () => ({ ...found, status: "done" });
    const early = new Date("2026-11-27T10:00:05.000Z");
    expect(await afterLease(found, { ms: 15_000, now: early, pause }, reread)).toEqual({
      ...found,
      status: "done",
    });
    expect(waits).toEqual([10_000]);
    // A lease already over: the claim as found, nothing waited, nothing read.
    const late = new Date("2026-11-27T10:00:15.000Z");
    expect(await afterLease(found, { ms: 15_000, now: late, pause }, reread)).toBe(found);
    expect(waits).toEqual([10_000]);
  });

  it("ends a lease exactly at its length", () => {
    const claimedAt = "2026-11-27T10:00:00.000Z";
    expect(leaseEnded(claimedAt, 15_000, new Date("2026-11-27T10:00:14.999Z"))).toBe(false);
    expect(leaseEnded(claimedAt, 15_000, new Date("2026-11-27T10:00:15.000Z"))).toBe(true);
  });
});

describe("PayPal webhook events through the pattern", () => {
  it("gives one of many concurrent deliveries of an event the claim; the others see it applying, then applied", async () => {
    const claims = await Promise.all(
      Array.from({ length: RACERS }, () => paymentStore.claimEvent("WH-RACE-1", "PAYMENT.CAPTURE.COMPLETED")),
    );
    const held = claims.flatMap((claim) => ("claimed" in claim ? [claim.claimed] : []));
    expect(held).toHaveLength(1);
    expect(claims.filter((claim) => "state" in claim && claim.state === "applying")).toHaveLength(RACERS - 1);
    expect(await paymentStore.settleEvent("WH-RACE-1", newClaim())).toBe(false);
    expect(await paymentStore.settleEvent("WH-RACE-1", held[0]!)).toBe(true);
    expect(await paymentStore.claimEvent("WH-RACE-1", "PAYMENT.CAPTURE.COMPLETED")).toEqual({
      state: "applied",
    });
  });

  it("lets a later delivery take over an event whose delivery died, once its lease has ended", async () => {
    const first = await paymentStore.claimEvent("WH-DIED-1", "PAYMENT.CAPTURE.REFUNDED");
    expect("claimed" in first).toBe(true);
    const later = new Date(Date.now() + 61_000);
    const claims = await Promise.all(
      Array.from({ length: RACERS }, () =>
        paymentStore.claimEvent("WH-DIED-1", "PAYMENT.CAPTURE.REFUNDED", later),
      ),
    );
    expect(claims.filter((claim) => "claimed" in claim)).toHaveLength(1);
    // The dead delivery's claim can no longer settle it.
    if ("claimed" in first) expect(await paymentStore.settleEvent("WH-DIED-1", first.claimed)).toBe(false);
  });
});
