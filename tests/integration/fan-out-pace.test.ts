import { runEpisodeBatch } from "@fruit/core/alerts/fan-out";
import { alertStore } from "@fruit/core/internal/alerts/alert.store";
import { bookSendSlot } from "@fruit/core/internal/mails/pace";
import type { MailSender } from "@fruit/core/mails/ses";
import { beforeAll, describe, expect, it } from "vitest";
import { countingSender } from "../support/mail-senders.ts";
import { fanOutByHand, restock, soldOutWithAlerts, writeShoppers } from "../support/restock.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The restock fan-out's send rate holds across batches running at once — one per shard and episode
 * in the cloud — not only within each (mails/pace.ts; docs/decisions/039-restock-alerts.md).
 */

/** Slow enough that a batch's own storage work (tens of ms a mail on DynamoDB Local) leaves room for a second batch. */
const RATE = 5;
const EACH = 10;

beforeAll(async () => {
  await useFreshTable("fan-out-pace", { SHOP_URL: "https://shop.example.com", MAIL_SEND_RATE: String(RATE) });
});

/** A sender that notes when SES was asked, and what. */
function timedSender() {
  const counting = countingSender();
  const at: number[] = [];
  const send: MailSender = (mail) => {
    at.push(performance.now());
    return counting.send(mail);
  };
  return { send, at, sent: counting.sent };
}

/** The most sends within any one second. */
function busiestSecond(at: readonly number[]): number {
  const sorted = [...at].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while ((sorted[j] as number) < (sorted[i] as number) - 1000 + 1e-9) j += 1;
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
    const started = performance.now();
    // Two episodes' records on two shards: their batches run at the same time, in two "processes".
    // Each batch's 10 s budget is lifted: on a loaded machine it would end a batch early, and this
    // test is about the pace (the budget has its own test below).
    await Promise.all(
      keys.map((key) => runEpisodeBatch(key, { send: ses.send, batchSize: EACH, batchBudgetMs: 120_000 })),
    );
    const seconds = (performance.now() - started) / 1000;

    expect(ses.sent).toHaveLength(2 * EACH);
    expect(new Set(ses.sent.map((mail) => mail.to)).size).toBe(2 * EACH);
    // Each batch paced on its own would send 2 × RATE a second. Slots are a gap apart; a send may
    // come up to a few ms after its slot (its claim's write), hence one more than the rate at most.
    expect(busiestSecond(ses.at)).toBeLessThanOrEqual(RATE + 1);
    const span = (Math.max(...ses.at) - Math.min(...ses.at)) / 1000;
    // Slots are exact; a send follows its slot by its claim's write (a few ms; on a loaded machine the
    // first one up to a gap): per-batch pacing spans about (2 × EACH) / (2 × RATE) seconds instead.
    expect(span).toBeGreaterThanOrEqual((2 * EACH - 2) / RATE);
    expect(seconds).toBeGreaterThanOrEqual(span);
  });

  it("books distinct slots a gap apart for senders racing on the one pace item", async () => {
    const at = Date.now() + 3_600_000; // an instant no earlier booking reaches
    const now = () => new Date(at);
    const gap = 1000 / RATE;
    const slots = await Promise.all(Array.from({ length: 6 }, () => bookSendSlot(gap, now)));
    expect([...slots].sort((a, b) => a - b)).toEqual(Array.from({ length: 6 }, (_, i) => at + i * gap));
  });

  it("a schedule booked by a clock far ahead is not waited for", async () => {
    const gap = 1000 / RATE;
    await bookSendSlot(gap, () => new Date(Date.now() + 7_200_000));
    const at = Date.now();
    expect(await bookSendSlot(gap, () => new Date(at))).toBe(at);
  });

  it("a batch out of time settles where it is; the next run goes on, nobody mailed twice", async () => {
    const ids = await writeShoppers("budget", 12);
    const product = await soldOutWithAlerts(ids, "Currants");
    const ses = timedSender();
    const key = await restock(product._id, { send: ses.send });
    await runEpisodeBatch(key, { send: ses.send, batchBudgetMs: 120 });
    const [productId = "", episode = ""] = String(key.pk).slice("EPISODE#".length).split("#");
    const cut = await alertStore.episode(productId, episode);
    expect(cut?.status).toBe("ready");
    expect(cut?.handled).toBeGreaterThan(0);
    expect(cut?.handled).toBeLessThan(12);
    await fanOutByHand(key, { send: ses.send });
    expect(ses.sent).toHaveLength(12);
    expect(new Set(ses.sent.map((mail) => mail.to)).size).toBe(12);
  });
});
