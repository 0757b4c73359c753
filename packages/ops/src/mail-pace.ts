/**
 * Whether a stage's mail pace fits its AWS account's SES sending rate (`npm run mail:pace`, the
 * README's smoke checks). The "back in stock" fan-out keeps to the stage's `MailSendRate` setting
 * (stacks/email.ts; core's mails/pace.ts), all batches together; order, contact and low-stock mails
 * are not paced and go out beside it. SES refuses what exceeds the account's rate in the region with
 * a throttling error, which the mail subscriber retries — so a pace at or above the account's rate
 * delays every order mail behind restock mails. A pace of at most four fifths of it leaves the rest to
 * them: 0.8 a second in SES's sandbox (1 a second), 11.2 at production access's first 14.
 */

/** What SES's `GetAccount` (API v2) says about sending, as far as the pace is concerned. */
export interface SesAccount {
  /** Mails a second the account may send in this region (`SendQuota.MaxSendRate`). */
  maxSendRate: number;
  /** Mails in 24 hours (`SendQuota.Max24HourSend`). */
  max24HourSend: number;
  /** False while the account is in SES's sandbox (`ProductionAccessEnabled`). */
  productionAccess: boolean;
  /** False when SES paused the account's sending (`SendingEnabled`): every mail is refused. */
  sendingEnabled: boolean;
}

/** The share of the account's rate the fan-out may take; the rest is for unpaced mails. */
export const PACE_SHARE = 0.8;

export interface PaceVerdict {
  ok: boolean;
  /** What an operator reads, one finding a line. */
  lines: string[];
}

/**
 * Judges a stage's pace against its account.
 *
 * @example
 * judgeMailPace(10, { maxSendRate: 1, max24HourSend: 200, productionAccess: false, sendingEnabled: true }).ok; // false
 */
export function judgeMailPace(rate: number, account: SesAccount): PaceVerdict {
  const lines: string[] = [];
  let ok = true;
  if (!account.sendingEnabled) {
    ok = false;
    lines.push(
      "SES has paused this account's sending in this region: every mail is refused (SES console → Account dashboard).",
    );
  }
  if (!account.productionAccess)
    lines.push(
      `The account is in SES's sandbox: ${account.maxSendRate} mail(s) a second, ${account.max24HourSend} a day, ` +
        "to verified addresses only (README, Order mails: production access).",
    );
  const ceiling = Math.floor(account.maxSendRate * PACE_SHARE * 100) / 100;
  if (rate > ceiling) {
    ok = false;
    lines.push(
      `MailSendRate ${rate} a second leaves less than a fifth of SES's ${account.maxSendRate} a second to order, ` +
        `contact and low-stock mails: set at most ${ceiling} ` +
        `(npx sst secret set MailSendRate ${ceiling} --stage <stage>, then deploy).`,
    );
  } else {
    lines.push(
      `MailSendRate ${rate} a second fits SES's ${account.maxSendRate} a second (at most ${ceiling}).`,
    );
  }
  return { ok, lines };
}

/** Reads an SES v2 `GetAccount` answer; throws naming the field SES left out. */
export function sesAccountOf(answer: {
  SendQuota?: { MaxSendRate?: number; Max24HourSend?: number };
  ProductionAccessEnabled?: boolean;
  SendingEnabled?: boolean;
}): SesAccount {
  const quota = answer.SendQuota;
  if (typeof quota?.MaxSendRate !== "number" || typeof quota.Max24HourSend !== "number")
    throw new Error("SES GetAccount answered no SendQuota.MaxSendRate / Max24HourSend");
  return {
    maxSendRate: quota.MaxSendRate,
    max24HourSend: quota.Max24HourSend,
    productionAccess: answer.ProductionAccessEnabled === true,
    sendingEnabled: answer.SendingEnabled !== false,
  };
}
