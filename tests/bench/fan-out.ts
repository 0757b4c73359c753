import type { episodeKind } from "@fruit/core/internal/alerts/alert.records";
import { alertStore } from "@fruit/core/internal/alerts/alert.store";
import { tableName } from "@fruit/core/internal/db/client";
import { putItem } from "@fruit/core/internal/db/items";
import { readStreamRecord } from "@fruit/core/internal/db/stream-record";
import { transact } from "@fruit/core/internal/db/transact";
import { noticeStore } from "@fruit/core/internal/mails/notice";
import { userKind } from "@fruit/core/internal/users/user.records";
import { matchesMailStreamFilters } from "@fruit/core/mail-stream-filters";
import type { MailSender, OutgoingMail } from "@fruit/core/mails/ses";
import { mailStreamRecords } from "@fruit/functions/lambda/mail-stream";
import { startStreamPoller } from "@fruit/local/stream-poller";
import { fanOutByHand, restock, soldOutWithAlerts, writeShoppers } from "../support/restock.ts";
import { withBenchTable } from "./bench-table.ts";
import { type BenchGroup, type Row, round } from "./types.ts";

/**
 * The restock fan-out at size (docs/decisions/039-restock-alerts.md): FANOUT_SUBSCRIBERS (10,000)
 * shoppers wait for one sold-out product on a bench table; the product is restocked and the mail
 * subscriber's own handler (`mailStreamRecords`) runs the fan-out to completion from DynamoDB Local's
 * real stream through the local poller (each poll is one "Lambda run"; each batch starts from the
 * record of the previous one's settle), with a counting sender in place of SES. Then a second product
 * with the same shoppers: its batches are run by hand, one dies in the middle of a send, and after the
 * lease the fan-out resumes from the last settled position.
 */

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};
const SUBSCRIBERS = positive(process.env.FANOUT_SUBSCRIBERS, 10_000);
/** The highest rate core allows: the figures are then the fan-out's own cost, not the pace's waits. */
const RATE = 1000;

/** A sender that keeps every mail, as SES would receive them. */
function recordingSender() {
  const sent: OutgoingMail[] = [];
  const send: MailSender = async (mail) => {
    sent.push(mail);
    return { messageId: `bench-${sent.length}` };
  };
  return { send, sent };
}

const sentinelUser = {
  id: "bench-sentinel",
  name: "Sentinel",
  email: "sentinel@example.com",
  passwordHash: "x",
  isAdmin: false,
  tokenVersion: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const duplicatesOf = (mails: readonly OutgoingMail[]) => mails.length - new Set(mails.map((m) => m.to)).size;

async function untilDone(productId: string, episode: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await alertStore.episode(productId, episode))?.status !== "done") {
    if (Date.now() > deadline)
      throw new Error(`the fan-out of ${productId} did not finish in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const group: BenchGroup = {
  title: `Restock fan-out: ${SUBSCRIBERS.toLocaleString("en")} subscribers of one product (DynamoDB Local)`,
  async run(context) {
    return withBenchTable(
      context,
      "bench-fan-out",
      async (endpoint) => {
        const rows: Row[] = [];
        context.log(`writing ${SUBSCRIBERS} shoppers and their alerts`);
        const ids = await writeShoppers("shopper", SUBSCRIBERS);
        const product = await soldOutWithAlerts(ids, "Cloudberries");

        // 1. Through the stream, as the mail subscriber runs in the cloud.
        const ses = recordingSender();
        let runs = 0;
        let mailingRuns = 0;
        let largestRun = 0;
        let largestBatch = 0;
        let settles = 0;
        const seen = new Set<string>();
        const poller = await startStreamPoller({
          endpoint,
          tableName: tableName(),
          intervalMs: 20,
          fromLatest: true,
          filter: (record) => matchesMailStreamFilters(record.eventName, record.dynamodb?.Keys ?? {}),
          handler: async (event) => {
            for (const record of event.Records) seen.add(String(record.dynamodb?.Keys?.pk?.S));
            const before = ses.sent.length;
            const answer = await mailStreamRecords(event.Records, { send: ses.send });
            runs += 1;
            const mailed = ses.sent.length - before;
            if (mailed > 0) mailingRuns += 1;
            largestRun = Math.max(largestRun, mailed);
            // A batch's size, from its settle's record: the mails it handled.
            for (const record of event.Records) {
              const { keys, before: old, after } = readStreamRecord(record);
              if (!String(keys.pk).startsWith("EPISODE#") || !old || !after) continue;
              if (old.status === "sending" && after.status !== "sending") {
                settles += 1;
                largestBatch = Math.max(largestBatch, Number(after.handled) - Number(old.handled));
              }
            }
            return answer;
          },
          onError: (error) => context.log(`poller: ${(error as Error).message}`),
        });
        let seconds: number;
        let episodeKey: ReturnType<typeof episodeKind.key>;
        try {
          // The poller reads from the stream's latest record once it has its shard iterator, which it
          // takes on its first poll: a user put and removed (its REMOVE passes the filters), again
          // until one reaches the handler, shows it is reading before the restock is written.
          for (let round = 0; !seen.has("USER#bench-sentinel"); round += 1) {
            if (round > 60) throw new Error("the stream poller never delivered a sentinel");
            const mark = userKind.key("bench-sentinel");
            await putItem(userKind.putAt(mark, sentinelUser));
            await transact(userKind.delete(mark));
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
          context.log("restocking; the stream runs the fan-out");
          const started = performance.now();
          episodeKey = await restock(product._id, { send: ses.send });
          const episode = String(episodeKey.pk).split("#")[2] ?? "";
          await untilDone(product._id, episode, 30 * 60_000);
          seconds = (performance.now() - started) / 1000;
        } finally {
          await poller.stop();
        }
        const episode = await alertStore.episode(product._id, String(episodeKey.pk).split("#")[2] ?? "");
        rows.push(
          {
            name: "stream: mails sent",
            value: ses.sent.length,
            unit: "mails",
            note: `${SUBSCRIBERS} subscribers`,
          },
          { name: "stream: duplicates", value: duplicatesOf(ses.sent), unit: "mails", note: "must be 0" },
          {
            name: "stream: batches run",
            value: episode?.batches ?? 0,
            unit: "batches",
            note: `settles seen on the stream: ${settles}; episode handled ${episode?.handled}`,
          },
          { name: "stream: largest batch", value: largestBatch, unit: "mails", note: "FAN_OUT_BATCH is 25" },
          {
            name: "stream: most mails in one run",
            value: largestRun,
            unit: "mails",
            note: `${mailingRuns} of ${runs} handler runs sent mail`,
          },
          { name: "stream: time", value: round(seconds), unit: "s", note: `MAIL_SEND_RATE ${RATE}` },
          {
            name: "stream: rate",
            value: round(ses.sent.length / seconds),
            unit: "mails/s",
            note: "storage and stream costs included",
          },
        );

        // 2. A crash in the middle, at size: batches by hand, one dies in a send, resumed after the lease.
        const second = await soldOutWithAlerts(ids, "Lingonberries");
        const first = recordingSender();
        const key = await restock(second._id, { send: first.send });
        const [productId = "", id = ""] = String(key.pk).slice("EPISODE#".length).split("#");
        const started = performance.now();
        const half = Math.ceil(SUBSCRIBERS / 25 / 2);
        context.log(`crash run: ${half} batches, then one that dies in its 10th send`);
        for (let run = 0; run < half; run += 1)
          await fanOutByHand(key, { send: first.send }, 1).catch(() => {});
        const dying: OutgoingMail[] = [];
        const hangs: MailSender = (mail) => {
          dying.push(mail);
          return dying.length < 10 ? Promise.resolve({ messageId: "d" }) : new Promise(() => {});
        };
        void fanOutByHand(key, { send: hangs }, 1).catch(() => {});
        while (dying.length < 10) await new Promise((resolve) => setTimeout(resolve, 10));
        const later = () => new Date(Date.now() + 120_000);
        const resumed = recordingSender();
        const resumedRuns = await fanOutByHand(key, { send: resumed.send, now: later });
        const crashSeconds = (performance.now() - started) / 1000;
        const all = [...first.sent, ...dying, ...resumed.sent];
        const inDoubt = dying[9] as OutgoingMail;
        const inDoubtId = inDoubt.to.replace("@example.com", "");
        const notice = await noticeStore.get(`restock#${productId}#${id}#${inDoubtId}`);
        const crashed = await alertStore.episode(productId, id);
        rows.push(
          {
            name: "crash: mails to SES",
            value: all.length,
            unit: "mails",
            note: `before ${first.sent.length}, dying batch ${dying.length}, after ${resumed.sent.length}`,
          },
          { name: "crash: duplicates", value: duplicatesOf(all), unit: "mails", note: "must be 0" },
          {
            name: "crash: in doubt",
            value: notice?.status === "uncertain" ? 1 : 0,
            unit: "mails",
            note: `the send that hung: ${notice?.status} (never sent again)`,
          },
          {
            name: "crash: batches",
            value: crashed?.batches ?? 0,
            unit: "batches",
            note: `${resumedRuns} runs after the crash; handled ${crashed?.handled}`,
          },
          { name: "crash: time", value: round(crashSeconds), unit: "s", note: "by hand, no stream" },
        );
        return rows;
      },
      { SHOP_URL: "https://shop.example.com", MAIL_SEND_RATE: String(RATE) },
    );
  },
};

export default group;
