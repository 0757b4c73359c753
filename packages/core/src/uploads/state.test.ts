import { afterEach, describe, expect, it, vi } from "vitest";
import { type LogLevel, sink } from "../log.ts";

/** The S3 client answers each GetObject with what the test queued (an error to throw). */
const answers: unknown[] = [];
vi.mock("./s3.ts", async (original) => ({
  ...(await original<typeof import("./s3.ts")>()),
  bucketName: () => "test-bucket",
  s3: () => ({
    send: async () => {
      throw answers.shift();
    },
  }),
}));

const { readImageState } = await import("./state.ts");

function s3Error(name: string, httpStatusCode: number): Error {
  return Object.assign(new Error(name), { name, $metadata: { httpStatusCode } });
}

function logged(): { lines: { level: LogLevel; line: string }[]; restore: () => void } {
  const lines: { level: LogLevel; line: string }[] = [];
  const write = sink.write;
  sink.write = (level, line) => lines.push({ level, line });
  return { lines, restore: () => (sink.write = write) };
}

afterEach(() => {
  answers.length = 0;
});

describe("readImageState", () => {
  it("reads a missing record (404) as pending, quietly", async () => {
    answers.push(s3Error("NoSuchKey", 404));
    const log = logged();
    try {
      expect(await readImageState("01ABC")).toEqual({ state: "pending" });
    } finally {
      log.restore();
    }
    expect(log.lines).toEqual([]);
  });

  it("reads a 403 as pending and says so in a log line naming the record", async () => {
    answers.push(s3Error("AccessDenied", 403));
    const log = logged();
    try {
      expect(await readImageState("01ABC")).toEqual({ state: "pending" });
    } finally {
      log.restore();
    }
    expect(log.lines).toHaveLength(1);
    expect(JSON.parse(log.lines[0]!.line)).toMatchObject({
      message: "image state unreadable (403): read as pending",
      key: "images/01ABC/state.json",
    });
  });

  it("throws anything else", async () => {
    answers.push(s3Error("InternalError", 500));
    await expect(readImageState("01ABC")).rejects.toThrow("InternalError");
  });
});
