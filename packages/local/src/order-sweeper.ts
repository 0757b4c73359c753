import { asFunction } from "@fruit/core/access";
import { sweepExpiredOrders } from "@fruit/core/expiry";
import { errorFields, log } from "@fruit/core/log";
import { reconcileSubscriptions } from "@fruit/core/subscriptions";

/** A running local sweep. */
export interface OrderSweeper {
  /** Waits for a run in progress, then stops; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * How often the local runtime sweeps: a quarter of the hold, between 1 and 15 seconds, so even an
 * order held for a few seconds (UNPAID_ORDER_MINUTES=0.1) is cancelled soon after its deadline.
 */
export function sweepIntervalMs(unpaidOrderMinutes: number): number {
  return Math.min(15_000, Math.max(1_000, Math.round((unpaidOrderMinutes * 60_000) / 4)));
}

/**
 * Runs the cloud's expiry sweep (core's `sweepExpiredOrders`, the code the scheduled Lambda runs)
 * and the subscriptions' reconcile pass after it (`reconcileSubscriptions`) every `intervalMs`, one run at a time, in place of the schedule. Unpaid orders kept from before
 * holds existed get theirs from `npm run migrate` (packages/ops/src/migrations/), not from here.
 */
export function startOrderSweeper({ intervalMs }: { intervalMs: number }): OrderSweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    // As the scheduled function, with its grants (core's access/enforce.ts).
    running = asFunction("UnpaidOrderSweeper", async () => {
      const report = await sweepExpiredOrders();
      if (report.cancelled + report.paid + report.failed > 0)
        log(report.failed > 0 ? "error" : "info", "order sweep", { ...report });
      // The subscriptions' weeks now open, as the scheduled function does (docs/decisions/051).
      const weeks = await reconcileSubscriptions();
      if (weeks.placed + weeks.recorded + weeks.reminded + weeks.failed > 0)
        log(weeks.failed > 0 ? "error" : "info", "subscription reconcile", { ...weeks });
    })
      .catch((error: unknown) => log("error", "order sweep failed", errorFields(error)))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
