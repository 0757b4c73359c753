import { getConfig } from "../config.ts";
import type { Item } from "../db/kind.ts";
import { signLink } from "../mails/link-token.ts";
import { deliverNotice, type NoticeOptions } from "../mails/notice.ts";
import { renderContactMessage, renderNewsletterConfirmation } from "../mails/notice-mails.ts";
import { mailWords } from "../mails/words.ts";
import { contactKind, newsletterRequestKind } from "./contact.records.ts";

/**
 * The mails of the contact form and the newsletter, sent by the mail subscriber
 * (functions/src/lambda/mail-stream.ts) from the INSERT records of their items, each once through a
 * notice mail (mails/notice.ts): one mail per message to each administrator (`ADMIN_MAIL`), Reply-To
 * the sender; one confirmation per sign-up request, with a signed confirmation link and a signed
 * unsubscribe link (mails/link-token.ts).
 */

/** A page of the shop (the web app's routes: packages/web/src/app/routes.tsx). */
export const shopPage = (path: string, token: string): string =>
  `${getConfig().mail.shopUrl}${path}?token=${encodeURIComponent(token)}`;

/**
 * Mails what an inserted contact message or newsletter request calls for. Answers true when it must
 * be retried (SES refused for now); false for items that are neither.
 */
export async function mailContactChange(
  keys: Item,
  after: Item | undefined,
  options: NoticeOptions,
): Promise<boolean> {
  if (!after) return false;
  const pk = String(keys.pk);
  if (pk.startsWith("CONTACT#") && keys.sk === "MESSAGE") {
    const message = contactKind.decode(after);
    // The administrators' mails stay English (the admin screens may: docs/decisions/050-i18n-formatjs.md).
    const words = mailWords("en");
    let retry = false;
    for (const admin of getConfig().mail.adminTo) {
      const delivery = await deliverNotice(
        `contact#${message.id}#${admin}`,
        admin,
        () => ({
          replyTo: message.email,
          ...renderContactMessage(words, message),
        }),
        options,
      );
      if (delivery === "failed") retry = true;
    }
    return retry;
  }
  if (pk.startsWith("NEWSLETTER_REQUEST#") && keys.sk === "REQUEST") {
    const request = newsletterRequestKind.decode(after);
    // In the language the request was made in (decision 050); requests from before it: English.
    const words = mailWords(request.locale);
    const confirm = shopPage(
      "/newsletter/confirm",
      await signLink("newsletter-confirm", { subject: request.email }),
    );
    const unsubscribe = shopPage(
      "/newsletter/unsubscribe",
      await signLink("newsletter-unsubscribe", { subject: request.email }),
    );
    const delivery = await deliverNotice(
      `newsletter#${request.id}`,
      request.email,
      () => ({
        unsubscribeUrl: unsubscribe,
        ...renderNewsletterConfirmation(words, { confirmUrl: confirm, unsubscribeUrl: unsubscribe }),
      }),
      options,
    );
    return delivery === "failed";
  }
  return false;
}
