import { nowSeconds } from "../clock.ts";
import { giveBackWindowPlace, takeWindowPlace, type WindowPlace } from "../db/window.ts";
import { AppError } from "../errors.ts";
import { userStore } from "./user.store.ts";

/**
 * Sign-in attempts are counted per email (known or not, so the answer never tells which emails
 * exist) in one `SIGNIN#<email>` item: at most MAX_FAILURES wrong passwords are compared within
 * WINDOW_SECONDS of the window's first attempt; further attempts get 429 until the window has passed.
 * Each attempt takes its place in the window with one conditional write *before* its password is
 * compared, so parallel guesses cannot all pass a check made before the count grew.
 *
 * What stays counted are the failures: a right password gives back its own place, and only that
 * one, in the window it took it in (db/window.ts `giveBackWindowPlace`). It never clears or resets
 * the window. A success that deleted the item let every guess still in flight open a fresh window
 * with MAX_FAILURES new places: of 100 parallel guesses on a loaded machine, 18 were compared and the
 * guess after them was too. So a right password does not forgive the wrong ones before it, and while
 * a right one is being compared it holds a place (a guess then may be refused at MAX_FAILURES − 1
 * failures; the place comes back with the success). The item carries a TTL so DynamoDB clears it;
 * the window is checked in code too, because TTL deletion can lag by hours.
 */
export const MAX_FAILURES = 10;
export const WINDOW_SECONDS = 15 * 60;

const tooMany = () =>
  new AppError("RATE_LIMITED", "Too many failed sign-in attempts, please try again in 15 minutes");

/**
 * Reserves one password comparison for the email, or throws 429 when its window is used up: one
 * place in its fixed window (db/window.ts), taken before the password is compared. Answers the place,
 * for a right password to give back.
 */
export const reserveSignInAttempt = (email: string, now = nowSeconds()): Promise<WindowPlace> =>
  takeWindowPlace(userStore.signInWindow(email), {
    max: MAX_FAILURES,
    seconds: WINDOW_SECONDS,
    now,
    refused: tooMany,
  });

/** A right password gives back the place it reserved, so it is not counted as a failure. */
export const giveBackSignInAttempt = (email: string, place: WindowPlace): Promise<void> =>
  giveBackWindowPlace(userStore.signInWindow(email), place);
