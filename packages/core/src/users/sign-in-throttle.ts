import { takeWindowPlace } from "../db/window.ts";
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
  new AppError("RATE_LIMITED", "Too many failed sign-in attempts, please try again in 15 minutes");

/**
 * Reserves one password comparison for the email, or throws 429 when its window is used up: one
 * place in its fixed window (db/window.ts), taken before the password is compared.
 */
export const reserveSignInAttempt = (email: string, now = nowSeconds()): Promise<void> =>
  takeWindowPlace(userStore.signInWindow(email), {
    max: MAX_FAILURES,
    seconds: WINDOW_SECONDS,
    now,
    refused: tooMany,
  });

/** A successful sign-in forgets the window's attempts (its own included). */
export const clearSignInFailures = (email: string): Promise<void> => userStore.clearSignInWindow(email);
