import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError } from "../errors.ts";
import { userStore } from "./user.store.ts";

/**
 * Sign-in attempts are counted per email (known or not, so the answer never tells which emails
 * exist) in one `SIGNIN#<email>` item: at most MAX_FAILURES passwords are compared within
 * WINDOW_SECONDS of the window's first attempt; further attempts get 429 until the window has passed.
 * Each attempt takes its place in the window with one conditional write *before* its password is
 * compared, so parallel guesses cannot all pass a check made before the count grew; a successful
 * sign-in clears the item, so what stays counted are the failures. The item carries a TTL so DynamoDB
 * clears it; the window is checked in code too, because TTL deletion can lag by hours.
 */
export const MAX_FAILURES = 10;
export const WINDOW_SECONDS = 15 * 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

const tooMany = () =>
  new AppError("too_many", "Too many failed sign-in attempts, please try again in 15 minutes");

/**
 * Reserves one password comparison for the email, or throws 429 when its window is used up. Adds to
 * the open window only while its count is under MAX_FAILURES (one conditional ADD, atomic however
 * many attempts run at once); when there is no window or it has passed, opens a new one with a
 * conditional put (of two openers racing, the loser adds to the winner's window on the next round).
 */
export async function reserveSignInAttempt(email: string, now = nowSeconds()): Promise<void> {
  const cutoff = now - WINDOW_SECONDS;
  await retrying(
    "changedMeanwhile",
    async () => {
      const attempt = await userStore.countSignInAttempt(email, { cutoff, max: MAX_FAILURES });
      if (attempt.counted) return;
      // Refused with an open window: it is used up. Otherwise there is none, or it has passed.
      if (attempt.windowStart !== undefined && attempt.windowStart > cutoff) throw tooMany();
      const opened = await userStore.openSignInWindow(email, {
        now,
        cutoff,
        expiresAt: now + WINDOW_SECONDS,
      });
      // Not opened: another attempt opened the window meanwhile; add to it on the next round.
      return opened ? undefined : AGAIN;
    },
    giveUp(tooMany),
  );
}

/** A successful sign-in forgets the window's attempts (its own included). */
export const clearSignInFailures = (email: string): Promise<void> => userStore.clearSignInWindow(email);
