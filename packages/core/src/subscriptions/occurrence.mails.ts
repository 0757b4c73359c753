import { getConfig } from "../config.ts";
import type { Item } from "../db/kind.ts";
import { deliverNotice, type NoticeOptions } from "../mails/notice.ts";
import { renderNoBox } from "../mails/notice-mails.ts";
import { mailWords } from "../mails/words.ts";
import { userStore } from "../users/user.store.ts";
import { OCCURRENCE_PREFIX, OCCURRENCE_SK, occurrenceKind } from "./subscription.records.ts";

/**
 * The notice of a subscription week that places no order (docs/decisions/051-standing-orders.md):
 * nothing of the box available, the shop closed that day, the window full or the order refused. The
 * mail subscriber sends it once per week (notice key `subscription-week#<id>#<date>`) when the
 * week's occurrence is inserted with such a state; a placed week's mail is its order's (`box-ready`).
 * Answers true when it must be retried (SES refused for now).
 */
export async function mailOccurrenceChange(
  keys: Item,
  after: Item | undefined,
  options: NoticeOptions,
): Promise<boolean> {
  if (!after || !String(keys.pk).startsWith(OCCURRENCE_PREFIX) || keys.sk !== OCCURRENCE_SK) return false;
  const week = occurrenceKind.decode(after);
  if (week.status === "placed" || week.status === "withdrawn") return false;
  const user = await userStore.get(week.userId);
  if (!user) return false;
  const link = `${getConfig().mail.shopUrl}/subscriptions`;
  const delivery = await deliverNotice(
    `subscription-week#${week.subscriptionId}#${week.date}`,
    user.email,
    () =>
      renderNoBox(mailWords(user.locale), {
        customerName: user.name,
        date: week.date,
        empty: week.status === "empty",
        ...(week.reason ? { reason: week.reason } : {}),
        subscriptionsUrl: link,
      }),
    options,
  );
  return delivery === "failed";
}
