import { runEpisodeBatch } from "@fruit/core/alerts/fan-out";
import { alertStore } from "@fruit/core/internal/alerts/alert.store";
import { type FakeClock, useFakeClock } from "@fruit/core/internal/clock";
import { bookSendSlot } from "@fruit/core/internal/mails/pace";
import type { MailSender } from "@fruit/core/mails/ses";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countingSender } from "../support/mail-senders.ts";
import { fanOutByHand, restock, soldOutWithAlerts, writeShoppers } from "../support/restock.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The restock fan-out's send rate holds across batches running at once — one per shard and episode
 * in the cloud — not only within each (mails/pace.ts; docs/decisions/039-restock-alerts.md).
 */

const RATE = 5;
const EACH = 10;

beforeAll(async () => {
  await useFreshTable("fan-out-pace", { SHOP_URL: "https://shop.example.com", MAIL_SEND_RATE: String(RATE) });
});

/**
 * Time is set by the test, never waited for: core's clock (packages/core/src/clock.ts) is a fake one,
 * and a pause for a send slot moves the batch's clock to the slot instead of waiting for it, so the
 * pace is measured in the clocks' time and holds however slow the machine is.
 */
let clock: FakeClock;
/** Stops what a test started when it ends (also by timing out): its batches' next sends fail. */
let stop: AbortController;

beforeEach(() => {
  clock = useFakeClock();
  stop = new AbortController();
});

afterEach(() => {
  stop.abort();
  clock.restore();
});

/** A pause for `ms` of the clock: it moves the clock there (never back), at once. */
const pause = async (ms: number): Promise<void> => {
  clock.set(Math.max(clock.ms, clock.ms + ms));
};

/** A sender that notes when, by core's clock, SES was asked, and what; it refuses once the test ended. */
function timedSender() {
  const counting = countingSender(() => (stop.signal.aborted ? new Error("the test has ended") : undefined));
  const at: number[] = [];
  const send: MailSender = (mail) => {
    if (!stop.signal.aborted) at.push(clock.ms);
    return counting.send(mail);
  };
  return { send, at, sent: counting.sent };
}

/** The most sends within any one second (a window of 1000 ms, its start excluded). */
function busiestSecond(at: readonly number[]): number {
  const sorted = [...at].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while ((sorted[j] as number) <= (sorted[i] as number) - 1000) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe("the fan-out's shared pace", () => {
  it("two batches running at once send at most MAIL_SEND_RATE together", async () => {
    const ids = await writeShoppers("pair", 2 * EACH);
    const first = await soldOutWithAlerts(ids.slice(0, EACH), "Apricots");
    const second = await soldOutWithAlerts(ids.slice(EACH), "Blueberries");
    const ses = timedSender();
    const keys = [
      await restock(first._id, { send: ses.send }),
      await restock(second._id, { send: ses.send }),
    ];
    // Two episodes' records on two shards: their batches run at the same time, in two "processes",
    // each with its own clock, as two Lambdas have (set by the test: a pause for a send slot moves
    // that batch's clock to the slot), and its 10 s budget of that clock's time. A send is noted at
    // its batch's time, which is its slot.
    const clocks = [clock.ms, clock.ms];
    const at: number[] = [];
    await Promise.all(
      keys.map((key, batch) =>
        runEpisodeBatch(key, {
          batchSize: EACH,
          now: () => new Date(clocks[batch] as number),
          pause: async (ms) => {
            clocks[batch] = (clocks[batch] as number) + ms;
          },
          send: (mail) => {
            if (!stop.signal.aborted) at.push(clocks[batch] as number);
            return ses.send(mail);
          },
        }),
      ),
    );

    expect(ses.sent).toHaveLength(2 * EACH);
    expect(new Set(ses.sent.map((mail) => mail.to)).size).toBe(2 * EACH);
    // Each batch paced on its own would send 2 × RATE a second; sharing one schedule, their slots
    // are a gap apart.
    expect(busiestSecond(at)).toBeLessThanOrEqual(RATE);
    expect(new Set(at).size).toBe(2 * EACH);
    // The 20 slots span 19 gaps (per-batch pacing would span EACH - 1).
    expect((Math.max(...at) - Math.min(...at)) / 1000).toBeGreaterThanOrEqual((2 * EACH - 1) / RATE);
  });

  it("books distinct slots a gap apart for senders racing on the one pace item", async () => {
    const at = clock.ms + 3_600_000; // an instant no earlier booking reaches
    const now = () => new Date(at);
    const gap = 1000 / RATE;
    const slots = await Promise.all(Array.from({ length: 6 }, () => bookSendSlot(gap, now)));
    expect([...slots].sort((a, b) => a - b)).toEqual(Array.from({ length: 6 }, (_, i) => at + i * gap));
  });

  it("a schedule booked by a clock far ahead is not waited for", async () => {
    const gap = 1000 / RATE;
    clock.advance(7_200_000);
    await bookSendSlot(gap);
    clock.advance(-7_200_000);
    expect(await bookSendSlot(gap)).toBe(clock.ms);
  });

  it("a batch out of time settles where it is; the next run goes on, nobody mailed twice", async () => {
    const ids = await writeShoppers("budget", 12);
    const product = await soldOutWithAlerts(ids, "Currants");
    const ses = timedSender();
    const key = await restock(product._id, { send: ses.send });
    // Past any slot an earlier test booked (or so far before it that it is not waited for): the first
    // send takes the present. A budget of one gap then takes two sends, the pace moving the clock a
    // gap before the second.
    clock.advance(10 * 60_000);
    await runEpisodeBatch(key, { send: ses.send, batchBudgetMs: 1000 / RATE, pause });
    const [productId = "", episode = ""] = String(key.pk).slice("EPISODE#".length).split("#");
    const cut = await alertStore.episode(productId, episode);
    expect(cut?.status).toBe("ready");
    expect(cut?.handled).toBe(2);
    await fanOutByHand(key, { send: ses.send, pause });
    expect(ses.sent).toHaveLength(12);
    expect(new Set(ses.sent.map((mail) => mail.to)).size).toBe(12);
  });
});
