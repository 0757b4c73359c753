import { AGAIN, giveUp, retrying } from "../db/retry.ts";
import { AppError } from "../errors.ts";
import { create, findByEmail } from "./index.ts";
import { userStore } from "./user.store.ts";

/** What `ensureAdmin` did: made the account, gave an existing one admin rights, or nothing. */
export type EnsureAdminOutcome = "created" | "promoted" | "already there";

/**
 * Makes sure an administrator with this email exists (`npm run stage:init` on a fresh stage, where
 * no one can sign up as an admin): an existing admin is left untouched, an existing customer is
 * promoted (their password stays theirs), and a missing account is created with `password()`,
 * asked only then (the API's sign-up rules apply through `create`). Safe to run again and
 * concurrently: a race on the email ends in a promotion instead of a second account.
 *
 * @example
 * await ensureAdmin({ name: "Admin", email: "owner@example.com", password: async () => secret });
 */
export async function ensureAdmin(account: {
  name: string;
  email: string;
  password: () => Promise<string>;
}): Promise<EnsureAdminOutcome> {
  const email = account.email.trim().toLowerCase();
  return retrying<EnsureAdminOutcome>(
    "changedMeanwhile",
    async () => {
      const user = await findByEmail(email);
      if (user?.isAdmin === true) return "already there";
      if (user) {
        // Deleted or renamed meanwhile: look again.
        return (await userStore.promote(user._id, email)) ? "promoted" : AGAIN;
      }
      try {
        await create({ name: account.name, email, password: await account.password(), isAdmin: true });
        return "created";
      } catch (error) {
        if (!(error instanceof AppError && error.status === 409)) throw error;
        return AGAIN; // someone took the email meanwhile: look again
      }
    },
    giveUp(
      () => new AppError("CHANGED_MEANWHILE", `The account ${email} changed meanwhile, please try again`),
    ),
  );
}
