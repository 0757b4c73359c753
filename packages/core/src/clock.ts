/**
 * The one clock core reads time through (docs/decisions/044-one-clock.md). Every "now" of core —
 * a hold's end, a lease, a window's cut-off, a throttle's window, a mail's pace, a record's
 * timestamp, an id's time part — comes from here, never from `Date.now()` or `new Date()` directly,
 * so that a test sets the time instead of waiting for it.
 *
 * Waiting (a retry's backoff, a poll's pause) still uses the real timers: a test that moves the clock
 * forward makes the waiting code see the new time on its next read.
 *
 * @example
 * const heldUntil = new Date(nowMs() + 60 * 60_000).toISOString();
 */

/** A source of the current time, in epoch milliseconds. */
export type Clock = () => number;

// Read through `Date.now()` at each call (not a bound reference), so vitest's fake `Date` still works.
const systemClock: Clock = () => Date.now();

let current: Clock = systemClock;

/** The current time, in epoch milliseconds. */
export const nowMs = (): number => current();

/** The current time, as a Date. */
export const nowDate = (): Date => new Date(current());

/** The current time, as an ISO 8601 string (what stored records carry). */
export const nowIso = (): string => nowDate().toISOString();

/** The current time, in whole epoch seconds (DynamoDB TTLs, fixed windows). */
export const nowSeconds = (): number => Math.floor(current() / 1000);

/**
 * Test seam: makes `clock` core's clock (the system clock again with `undefined`). Production code
 * never calls it; tests reach it through `@fruit/core/internal/clock`.
 */
export function setClock(clock: Clock | undefined): void {
  current = clock ?? systemClock;
}

/** A clock a test moves by hand: it stands still between moves. */
export interface FakeClock {
  /** The time it shows, in epoch milliseconds. */
  readonly ms: number;
  /** Moves it forward by `ms`. */
  advance(ms: number): void;
  /** Sets it to `at`. */
  set(at: Date | number): void;
  /** Gives core back the system clock. */
  restore(): void;
}

/**
 * Test seam: makes core's clock a fake one, showing `start` (the current time by default) until it
 * is moved. Call `restore()` in `afterEach`.
 *
 * @example
 * const clock = useFakeClock();
 * clock.advance(61 * 60_000); // an hour's hold has run out
 * clock.restore();
 */
export function useFakeClock(start: Date | number = Date.now()): FakeClock {
  let ms = typeof start === "number" ? start : start.getTime();
  setClock(() => ms);
  return {
    get ms() {
      return ms;
    },
    advance(by) {
      ms += by;
    },
    set(at) {
      ms = typeof at === "number" ? at : at.getTime();
    },
    restore() {
      setClock(undefined);
    },
  };
}
