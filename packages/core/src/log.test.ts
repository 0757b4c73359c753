import { afterEach, describe, expect, it, vi } from "vitest";
import { log, setLogFormat, sink, textLine, withRequestId } from "./log.ts";

afterEach(() => setLogFormat("json"));

function written(work: () => void): string[] {
  const lines: string[] = [];
  const spy = vi.spyOn(sink, "write").mockImplementation((_level, line) => void lines.push(line));
  try {
    work();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

describe("log: JSON by default, one readable line for the local runtime", () => {
  it("writes one JSON object per line, fields queryable, by default (the cloud)", () => {
    const [line] = written(() => withRequestId("req-1", () => log("info", "order sweep", { cancelled: 2 })));
    expect(JSON.parse(line!)).toMatchObject({
      level: "info",
      message: "order sweep",
      requestId: "req-1",
      cancelled: 2,
    });
  });

  it("writes time, level, message and name=value fields on one line in text mode, without the stack", () => {
    setLogFormat("text");
    const [line] = written(() =>
      log("error", "image: storage error", {
        key: "uploads/a b.jpg",
        ms: 12,
        error: "Error: x",
        stack: "Error: x\n  at y",
      }),
    );
    expect(line).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} ERROR image: storage error key="uploads\/a b.jpg" ms=12 error="Error: x"$/,
    );
    expect(line).not.toContain("\n");
  });

  it("formats any value: objects as JSON, empty strings quoted", () => {
    expect(
      textLine({
        timestamp: "2026-11-27T07:00:00.000Z",
        level: "info",
        message: "m",
        a: { b: 1 },
        c: "",
        d: true,
      }),
    ).toBe('07:00:00.000 INFO  m a={"b":1} c="" d=true');
  });
});
