import { describe, expect, it } from "vitest";
import { judgeMailPace, sesAccountOf } from "./mail-pace.ts";

const sandbox = { maxSendRate: 1, max24HourSend: 200, productionAccess: false, sendingEnabled: true };
const production = { maxSendRate: 14, max24HourSend: 50_000, productionAccess: true, sendingEnabled: true };

describe("judgeMailPace: a stage's MailSendRate against its SES account", () => {
  it("refuses the default 10 a second on a sandboxed account (1 a second) and names the highest that fits", () => {
    const verdict = judgeMailPace(10, sandbox);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.join("\n")).toMatch(/sandbox: 1 mail\(s\) a second, 200 a day/);
    expect(verdict.lines.join("\n")).toContain("npx sst secret set MailSendRate 0.8 --stage <stage>");
  });

  it("accepts a pace that leaves a fifth of the account's rate to the unpaced mails", () => {
    expect(judgeMailPace(0.5, sandbox).ok).toBe(true);
    expect(judgeMailPace(0.8, sandbox).ok).toBe(true);
    expect(judgeMailPace(10, production)).toEqual({
      ok: true,
      lines: ["MailSendRate 10 a second fits SES's 14 a second (at most 11.2)."],
    });
    expect(judgeMailPace(12, production).ok).toBe(false);
  });

  it("fails whatever the pace when SES has paused the account's sending", () => {
    const verdict = judgeMailPace(0.1, { ...production, sendingEnabled: false });
    expect(verdict.ok).toBe(false);
    expect(verdict.lines[0]).toMatch(/paused/);
  });

  it("reads SES's GetAccount answer, and refuses one without a send quota", () => {
    expect(
      sesAccountOf({
        SendQuota: { MaxSendRate: 1, Max24HourSend: 200 },
        ProductionAccessEnabled: false,
        SendingEnabled: true,
      }),
    ).toEqual(sandbox);
    expect(() => sesAccountOf({ SendingEnabled: true })).toThrow(/SendQuota/);
  });
});
