import { guardClient } from "../access/enforce.ts";
import { getConfig } from "../config.ts";
import { awsErrorOf } from "../db/errors.ts";
import type { Locale } from "../i18n/locale.ts";

/**
 * Sends a rendered mail through Amazon SES (API v2) — or, locally, through the SES emulator at
 * `SES_ENDPOINT`, which speaks the same API. The SDK is loaded on the first send (`import()`), so
 * nothing that merely imports core's mails loads it (docs/decisions/017-lazy-api-chunks.md); only the
 * mail subscriber ever sends.
 */

/** A mail ready to go. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where replies go (a contact message's sender); the shop's sender otherwise. */
  replyTo?: string;
  /** A one-click unsubscribe link (RFC 8058 `List-Unsubscribe`), on mails a recipient may stop. */
  unsubscribeUrl?: string;
  /** The mail's language, sent as its `Content-Language` header (docs/decisions/050-i18n-formatjs.md). */
  language?: Locale;
}

/**
 * The headers SES adds to a mail: `List-Unsubscribe` where it may be stopped, `Content-Language`
 * with its language ("fr-CA" on every French mail).
 */
export function mailHeaders(mail: Omit<OutgoingMail, "to">): { Name: string; Value: string }[] {
  return [
    ...(mail.unsubscribeUrl ? [{ Name: "List-Unsubscribe", Value: `<${mail.unsubscribeUrl}>` }] : []),
    ...(mail.language ? [{ Name: "Content-Language", Value: mail.language }] : []),
  ];
}

/** Sends one mail; answers SES's message id, or throws a `SendError` saying what to do next. */
export type MailSender = (mail: OutgoingMail) => Promise<{ messageId: string }>;

/**
 * Why a send failed, and so what happens next (docs/decisions/031-order-mails-exactly-once.md):
 * - `retry`: SES did not accept it and may later (throttled, its outage, no connection made);
 * - `rejected`: SES refused it for good (an unverified recipient in the sandbox, a bad address);
 * - `uncertain`: the request may have reached SES but its answer was lost (a timeout, a reset).
 */
export class SendError extends Error {
  override name = "SendError";
  constructor(
    readonly outcome: "retry" | "rejected" | "uncertain",
    message: string,
  ) {
    super(message);
  }
}

/** Error codes of a connection that was never made: SES cannot have seen the request. */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"]);
/** SES's answers that mean "not now" rather than "never". */
const TRANSIENT = new Set(["TooManyRequestsException", "LimitExceededException", "ThrottlingException"]);

/**
 * What a failed SES call means. An answer from SES (an HTTP status) means it did not accept the
 * mail: 429 and 5xx are retried, other 4xx are refusals for good. No answer means it may have: only
 * a connection that was never made is safe to retry.
 */
export function classifySendError(error: unknown): SendError {
  if (error instanceof SendError) return error;
  const e = awsErrorOf(error);
  const detail = e ? `${e.name}: ${e.message}` : `Error: ${String(error)}`;
  const status = e?.$metadata?.httpStatusCode;
  if (status !== undefined) {
    if (status === 429 || status >= 500 || TRANSIENT.has(e?.name ?? ""))
      return new SendError("retry", detail);
    return new SendError("rejected", detail);
  }
  if (e?.code && NOT_CONNECTED.has(e.code)) return new SendError("retry", detail);
  return new SendError("uncertain", detail);
}

type Sesv2 = typeof import("@aws-sdk/client-sesv2");
let sdk: Promise<Sesv2> | undefined;
let cached: { key: string; client: InstanceType<Sesv2["SESv2Client"]> } | undefined;

/** The SES module, loaded on first send. */
const loadSes = (): Promise<Sesv2> => {
  sdk ??= import("@aws-sdk/client-sesv2");
  return sdk;
};

async function client() {
  const { region, awsCredentials, mail } = getConfig();
  const { SESv2Client } = await loadSes();
  const key = JSON.stringify([region, mail.sesEndpoint ?? "", awsCredentials?.accessKeyId ?? ""]);
  if (cached?.key !== key) {
    // The emulator accepts any signature; in the cloud the function role's keys sign.
    const credentials = mail.sesEndpoint
      ? { accessKeyId: "local", secretAccessKey: "local" }
      : awsCredentials;
    cached = {
      key,
      client: new SESv2Client({
        region,
        ...(mail.sesEndpoint ? { endpoint: mail.sesEndpoint } : {}),
        ...(credentials ? { credentials: { ...credentials } } : {}),
        // Never retried by the SDK: a retry after a lost answer could send the mail twice. The
        // stream retries what `classifySendError` says may be retried.
        maxAttempts: 1,
        requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
      }),
    };
    // The running function's grants, where enforced (docs/decisions/036-permissions-enforced-locally.md).
    guardClient(cached.client, "ses");
  }
  return cached.client;
}

/**
 * The configured sender: SES's SendEmail with a simple (HTML + text) content, from `MAIL_FROM`,
 * in SES's configuration set when there is one (its bounce and complaint events feed the
 * suppression list).
 */
export const sendWithSes: MailSender = async (mail) => {
  const { mail: settings } = getConfig();
  if (!settings.from) throw new SendError("rejected", "no sender configured (MAIL_FROM)");
  const ses = await client();
  const { SendEmailCommand } = await loadSes();
  try {
    const answer = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: settings.from,
        Destination: { ToAddresses: [mail.to] },
        ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
        ...(settings.configurationSet ? { ConfigurationSetName: settings.configurationSet } : {}),
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: "UTF-8" },
            Body: {
              Html: { Data: mail.html, Charset: "UTF-8" },
              Text: { Data: mail.text, Charset: "UTF-8" },
            },
            ...(mailHeaders(mail).length > 0 ? { Headers: mailHeaders(mail) } : {}),
          },
        },
      }),
    );
    if (!answer.MessageId) throw new SendError("uncertain", "SES answered without a message id");
    return { messageId: answer.MessageId };
  } catch (error) {
    throw classifySendError(error);
  }
};
