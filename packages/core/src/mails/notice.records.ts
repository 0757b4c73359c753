import * as v from "valibot";
import { defineKind } from "../db/kind.ts";
import { UNCERTAIN } from "../db/once.ts";
import { mailClaimEntries } from "./mail.records.ts";

/**
 * The stored kind of a notice mail (docs/data-model.md: Notice mail items, pattern 45): a mail that
 * is not an order's — a contact message's admin mail, a newsletter confirmation, a "back in stock"
 * mail, a low-stock mail — claimed once at a key its work decides
 * (docs/decisions/032-exactly-once.md, docs/decisions/039-restock-alerts.md).
 *
 * - notice mail: pk NOTICE#<key>, sk NOTICE
 *   `contact#<messageId>#<admin address>`, `newsletter#<requestId>`,
 *   `restock#<productId>#<episode>#<userId>`, `low-stock#<productId>#<rev>#<admin address>`.
 *   Its own partition: a fan-out of 10,000 mails writes 10,000 partitions, no hot one; no stream
 *   filter passes it.
 */

export const NOTICE_STATUSES = ["sending", "sent", "failed", "rejected", UNCERTAIN, "suppressed"] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

const text = v.string();

export const NoticeRecordSchema = v.object({
  key: text,
  status: v.picklist(NOTICE_STATUSES),
  ...mailClaimEntries,
});
export type NoticeRecord = v.InferOutput<typeof NoticeRecordSchema>;

export const noticeKind = defineKind({
  name: "notice mail",
  schema: NoticeRecordSchema,
  key: (key: string) => ({ pk: `NOTICE#${key}`, sk: "NOTICE" }),
  keys: (notice) => ({ pk: `NOTICE#${notice.key}`, sk: "NOTICE" }),
});

/**
 * The restock fan-out's shared send pace (pattern 57; docs/decisions/039-restock-alerts.md): one item
 * whatever the number of batches running, holding the next free send slot, so every batch of every
 * shard together keeps to `MAIL_SEND_RATE`.
 *
 * - send pace:   pk MAIL_PACE, sk PACE → nextAt (epoch ms: the first instant no send is booked for)
 *   Moved one slot per mail by a write conditioned on the value read. No stream filter passes it.
 */
export const SendPaceSchema = v.object({
  nextAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  updatedAt: text,
});
export type SendPaceRecord = v.InferOutput<typeof SendPaceSchema>;

export const sendPaceKind = defineKind({
  name: "send pace",
  schema: SendPaceSchema,
  key: () => ({ pk: "MAIL_PACE", sk: "PACE" }),
});
