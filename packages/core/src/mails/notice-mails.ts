import type { Unit } from "../money/quantity.ts";
import type { MailKey } from "./messages.en.ts";
import { renderNotice } from "./notice-template.ts";
import type { RenderedMail } from "./templates.ts";
import type { MailWords } from "./words.ts";

/**
 * The notice mails' contents (alerts/fan-out.ts, contact/contact.mails.ts send them), each in the
 * words it is given — the recipient's language (docs/decisions/050-i18n-formatjs.md). Pure.
 */

/** "Back in stock", to a shopper who asked for it. */
export function renderRestock(
  words: MailWords,
  mail: {
    customerName: string;
    product: string;
    priceCents: number;
    unit: Unit;
    productUrl: string;
    unsubscribeUrl: string;
  },
): RenderedMail {
  const { t } = words;
  const { product } = mail;
  const price = t("pricePer", { price: words.money(mail.priceCents), unit: words.perUnit(mail.unit) });
  return renderNotice(
    {
      subject: t("restockSubject", { product }),
      heading: t("restockHeading", { product }),
      paragraphs: [t("restockText", { name: mail.customerName, product, price }), t("restockHurry")],
      link: { url: mail.productUrl, label: t("restockOrder", { product }) },
      unsubscribeUrl: mail.unsubscribeUrl,
    },
    words,
  );
}

/** The newsletter's confirmation, to the address that asked. */
export function renderNewsletterConfirmation(
  words: MailWords,
  mail: { confirmUrl: string; unsubscribeUrl: string },
): RenderedMail {
  const { t } = words;
  return renderNotice(
    {
      subject: t("newsletterSubject"),
      heading: t("newsletterHeading"),
      paragraphs: [t("newsletterAsked"), t("newsletterIgnore")],
      link: { url: mail.confirmUrl, label: t("newsletterConfirm") },
      unsubscribeUrl: mail.unsubscribeUrl,
    },
    words,
  );
}

/** "Running low", to the administrators. */
export function renderLowStock(
  words: MailWords,
  mail: { product: string; unit: Unit; left: number; threshold: number; editUrl: string },
): RenderedMail {
  const { t } = words;
  return renderNotice(
    {
      subject: t("lowStockSubject", { product: mail.product }),
      heading: t("lowStockHeading", { product: mail.product }),
      paragraphs: [
        t("lowStockText", {
          left: words.quantity(mail.unit, mail.left),
          threshold: words.quantity(mail.unit, mail.threshold),
        }),
      ],
      link: { url: mail.editUrl, label: t("lowStockEdit") },
    },
    words,
  );
}

/** A contact form's message, to the administrators. */
export function renderContactMessage(
  words: MailWords,
  message: { name: string; email: string; phone?: string | undefined; subject: string; message: string },
): RenderedMail {
  const { t } = words;
  const from: MailKey = message.phone ? "contactFromPhone" : "contactFrom";
  return renderNotice(
    {
      subject: t("contactSubject", { subject: message.subject }),
      heading: t("contactHeading", { name: message.name }),
      paragraphs: [
        t(from, { name: message.name, email: message.email, phone: message.phone }),
        t("contactSubjectLine", { subject: message.subject }),
        message.message,
        t("contactReply"),
      ],
    },
    words,
  );
}

/** A subscription week that placed no order (docs/decisions/051-standing-orders.md): why, and nothing charged. */
export function renderNoBox(
  words: MailWords,
  mail: { customerName: string; date: string; empty: boolean; reason?: string; subscriptionsUrl: string },
): RenderedMail {
  const { t } = words;
  const { date } = mail;
  return renderNotice(
    {
      subject: t("noBoxSubject", { date }),
      heading: t("noBoxHeading", { date }),
      paragraphs: [
        t("greeting", { name: mail.customerName }),
        mail.empty ? t("noBoxEmpty") : t("noBoxReason", { reason: mail.reason ?? t("noBoxNoDelivery") }),
      ],
      link: { url: mail.subscriptionsUrl, label: t("mySubscriptions") },
    },
    words,
  );
}
