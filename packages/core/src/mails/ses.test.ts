import { describe, expect, it } from "vitest";
import { classifySendError, mailHeaders } from "./ses.ts";

const answered = (name: string, httpStatusCode: number) =>
  Object.assign(new Error(name), { name, $metadata: { httpStatusCode } });

describe("what a failed SES call means", () => {
  it("retries what SES refused for now: throttling and its own errors", () => {
    expect(classifySendError(answered("TooManyRequestsException", 429)).outcome).toBe("retry");
    expect(classifySendError(answered("InternalFailure", 500)).outcome).toBe("retry");
    expect(classifySendError(answered("LimitExceededException", 400)).outcome).toBe("retry");
  });

  it("gives up on what SES refused for good", () => {
    expect(classifySendError(answered("MessageRejected", 400)).outcome).toBe("rejected");
    expect(classifySendError(answered("BadRequestException", 400)).outcome).toBe("rejected");
  });

  it("retries a connection that was never made, and never resends one whose answer was lost", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(classifySendError(refused).outcome).toBe("retry");
    const timeout = Object.assign(new Error("timed out"), { name: "TimeoutError" });
    expect(classifySendError(timeout).outcome).toBe("uncertain");
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    expect(classifySendError(reset).outcome).toBe("uncertain");
  });
});

describe("a mail's headers", () => {
  it("say a French mail's language, and where to unsubscribe", () => {
    const mail = {
      subject: "s",
      html: "h",
      text: "t",
      language: "fr-CA" as const,
      unsubscribeUrl: "https://x/u",
    };
    expect(mailHeaders(mail)).toEqual([
      { Name: "List-Unsubscribe", Value: "<https://x/u>" },
      { Name: "Content-Language", Value: "fr-CA" },
    ]);
    expect(mailHeaders({ subject: "s", html: "h", text: "t" })).toEqual([]);
  });
});
