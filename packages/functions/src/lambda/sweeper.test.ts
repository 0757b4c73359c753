import { loadConfig, setConfig } from "@fruit/core/config";
import { sink } from "@fruit/core/log";
import { afterEach, describe, expect, it, vi } from "vitest";

const sweep = vi.hoisted(() => vi.fn());
vi.mock("@fruit/core/expiry", () => ({ sweepExpiredOrders: sweep }));
const reconcile = vi.hoisted(() =>
  vi.fn(async () => ({ subscriptions: 0, placed: 0, recorded: 0, reminded: 0, failed: 0, complete: true })),
);
vi.mock("@fruit/core/subscriptions", () => ({ reconcileSubscriptions: reconcile }));

// A configuration core accepts: the handler checks it first (config-guard.ts).
setConfig(loadConfig({ TABLE_NAME: "fruit-shop-unit" }));
const { handler, SweepFailed } = await import("./sweeper.ts");

const report = (failed: number) => ({ cancelled: 2, gone: 0, failed, complete: true });

afterEach(() => {
  vi.restoreAllMocks();
  sweep.mockReset();
});

describe("the sweeper handler", () => {
  it("answers the report of a clean run and logs it as one JSON line with the run's request id", async () => {
    const lines = vi.spyOn(sink, "write").mockImplementation(() => {});
    sweep.mockResolvedValue(report(0));
    expect(await handler({}, { awsRequestId: "run-1", getRemainingTimeInMillis: () => 60_000 })).toEqual(
      report(0),
    );
    expect(lines).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(lines.mock.calls[0]?.[1]))).toMatchObject({
      level: "info",
      message: "order sweep",
      requestId: "run-1",
      cancelled: 2,
    });
  });

  it("fails the invocation (a Lambda error the alarm counts) when an order could not be expired, after logging the report", async () => {
    const lines = vi.spyOn(sink, "write").mockImplementation(() => {});
    sweep.mockResolvedValue(report(1));
    await expect(handler({}, { awsRequestId: "run-2" })).rejects.toBeInstanceOf(SweepFailed);
    expect(lines.mock.calls[0]?.[0]).toBe("error");
    expect(JSON.parse(String(lines.mock.calls[0]?.[1]))).toMatchObject({ failed: 1, requestId: "run-2" });
  });

  it("runs the subscriptions' reconcile pass after the sweep, and fails the invocation when a week could not be opened", async () => {
    const lines = vi.spyOn(sink, "write").mockImplementation(() => {});
    sweep.mockResolvedValue(report(0));
    reconcile.mockResolvedValueOnce({
      subscriptions: 3,
      placed: 1,
      recorded: 0,
      reminded: 0,
      failed: 1,
      complete: true,
    });
    const runs = reconcile.mock.calls.length;
    await expect(handler({}, { awsRequestId: "run-3" })).rejects.toBeInstanceOf(SweepFailed);
    expect(reconcile.mock.calls.length).toBe(runs + 1);
    expect(JSON.parse(String(lines.mock.calls[1]?.[1]))).toMatchObject({
      message: "subscription reconcile",
      placed: 1,
      failed: 1,
    });
  });
});
