import { ConfigError, setConfig } from "@fruit/core/config";
import { CONFIGURATION_REFUSED, type LogLevel, sink } from "@fruit/core/log";
import { afterEach, describe, expect, it, vi } from "vitest";
import { guardedConfig, logConfigurationRefused } from "./config-guard.ts";

/** The lines written while `work` runs, parsed. */
function linesOf(work: () => void): { level: LogLevel; line: Record<string, unknown> }[] {
  const lines: { level: LogLevel; line: Record<string, unknown> }[] = [];
  const spy = vi.spyOn(sink, "write").mockImplementation((level, line) => {
    lines.push({ level, line: JSON.parse(line) as Record<string, unknown> });
  });
  try {
    work();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

afterEach(() => {
  vi.unstubAllEnvs();
  // The next getConfig() loads again from the environment.
  setConfig(undefined as never);
});

describe("guardedConfig: a refused configuration is logged as such, then thrown", () => {
  it("logs core's reason with the function's name and the message the alarm counts", () => {
    vi.stubEnv("SST_STAGE", "production");
    vi.stubEnv("PAYMENTS", "test");
    vi.stubEnv("TABLE_NAME", "fruit-shop-production-Table");
    const lines = linesOf(() => expect(() => guardedConfig("Api")).toThrow(ConfigError));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe("error");
    expect(lines[0]!.line).toMatchObject({
      message: CONFIGURATION_REFUSED,
      function: "Api",
      error: expect.stringMatching(/payments mode "test".*refused on the production stage/),
    });
  });

  it("logs nothing for a configuration core accepts", () => {
    vi.stubEnv("SST_STAGE", "staging");
    vi.stubEnv("PAYMENTS", "test");
    vi.stubEnv("TABLE_NAME", "fruit-shop-staging-Table");
    expect(linesOf(() => expect(guardedConfig("Api").payments).toBe("test"))).toEqual([]);
  });

  it("a refusal the handler decides itself has the same message", () => {
    const [entry] = linesOf(() => logConfigurationRefused("Api", "the OriginVerify link is missing"));
    expect(entry!.line).toMatchObject({ message: CONFIGURATION_REFUSED, function: "Api" });
  });
});
