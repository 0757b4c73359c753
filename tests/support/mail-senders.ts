import type { MailSender, OutgoingMail } from "@fruit/core/mails/ses";

/** A sender that keeps what it sent; `fail` decides per call whether to throw instead. */
export function countingSender(
  fail: (mail: OutgoingMail, call: number) => Error | undefined = () => undefined,
) {
  const sent: OutgoingMail[] = [];
  let calls = 0;
  const send: MailSender = async (mail) => {
    calls += 1;
    const error = fail(mail, calls);
    if (error) throw error;
    sent.push(mail);
    return { messageId: `message-${calls}` };
  };
  return { send, sent, calls: () => calls };
}

/** The signed token of a link to `path` in a mail's text part. */
export function linkToken(mail: OutgoingMail, path: string): string {
  const match = new RegExp(`${path.replaceAll("/", "\\/")}\\?token=([^\\s"&]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return decodeURIComponent(match[1]);
}
