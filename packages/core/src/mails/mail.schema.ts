/**
 * The order mails as the API answers them to administrators (GET /api/orders/{id}/mails): which
 * mail, where it is (mails/mail.records.ts MAIL_STATUSES) and when. Browser-safe: types and
 * constants only.
 */
export const MAIL_LABELS = {
  placed: "Order received",
  paid: "Receipt",
  delivered: "Delivered",
  cancelled: "Cancelled (not paid)",
  refunded: "Refund",
  final: "Final receipt",
  "box-ready": "Weekly box ready",
  "box-reminder": "Weekly box reminder",
} as const;

export type OrderMailName = keyof typeof MAIL_LABELS;

export interface OrderMail {
  /** Which transition it tells of. */
  mail: OrderMailName;
  /** Unique within the order (`refunded#<refundId>` for a refund). */
  key: string;
  status: "sending" | "sent" | "failed" | "rejected" | "uncertain" | "suppressed" | "skipped";
  /** The address it went (or was to go) to; empty when there was nobody to send to. */
  to: string;
  /** When SES accepted it; null unless sent. */
  sentAt: string | null;
  /** When its state last changed. */
  updatedAt: string;
  attempts: number;
  /** Why it failed, was refused or is in doubt. */
  error: string | null;
}
