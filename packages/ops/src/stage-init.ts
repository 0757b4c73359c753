import { EmailSchema, PasswordSchema } from "@fruit/core/browser/users";
import { AppError } from "@fruit/core/errors";
import { type EnsureAdminOutcome, ensureAdmin } from "@fruit/core/users/first-admin";
import { parseWith } from "@fruit/functions/api/validate";
import { type SeedAccount, seedIfEmpty, uploadSeedImages } from "@fruit/local/seed";
import { STOREFRONT_IMAGE_FILES } from "@fruit/local/seed-data";

/**
 * `npm run stage:init`: what makes a fresh stage usable, each step idempotent — the storefront's
 * fixed images in the bucket, a first administrator, and (only when asked) the demo catalogue.
 * The entry point is cli/stage-init.ts; core's configuration must already point at the stage.
 */

/** Thrown for a wrong option or setting; its message is one line for the operator. */
export class StageInitError extends Error {
  override name = "StageInitError";
}

export interface StageInitOptions {
  admin: {
    name: string;
    email: string;
    /** Asked only when the account has to be created (see `adminPasswordSource`). */
    password: () => Promise<string>;
  };
  /** Load the demo catalogue when the table has no product yet. */
  demo: boolean;
  /** The local runtime's seeded customer, who writes the demo reviews; never on a deployed stage. */
  demoCustomer?: SeedAccount;
}

export interface StageInitReport {
  images: { uploaded: number; unchanged: number };
  admin: { email: string; outcome: EnsureAdminOutcome };
  demo: "loaded" | "already there" | "not asked";
}

/** Reads the command line: `--demo` is the only option. */
export function parseStageInitArgs(argv: readonly string[]): { demo: boolean } {
  const unknown = argv.filter((arg) => arg !== "--demo");
  if (unknown.length > 0) {
    throw new StageInitError(`unknown option ${unknown[0]} (the only option is --demo)`);
  }
  return { demo: argv.includes("--demo") };
}

/** The API's sign-up rule for a value, or a StageInitError naming the setting it came from. */
function checked(schema: Parameters<typeof parseWith>[0], value: string, setting: string): string {
  try {
    return parseWith(schema, value) as string;
  } catch (error) {
    if (error instanceof AppError) throw new StageInitError(`${setting}: ${error.message}`);
    throw error;
  }
}

/** The administrator's email, trimmed and lowercased as the API stores it; refused if not an email. */
export function adminEmail(value: string | undefined): string {
  if (!value) {
    throw new StageInitError("ADMIN_EMAIL is required: the email of the first administrator");
  }
  return checked(EmailSchema, value, "ADMIN_EMAIL");
}

/**
 * Where the new administrator's password comes from, checked against the API's password rules:
 * `given` (ADMIN_PASSWORD) at once, so a weak one stops the command before it changes anything;
 * otherwise typed twice at a hidden `prompt` when there is a terminal; otherwise a clear error —
 * but only if an account has to be created (a second run needs no password).
 */
export function adminPasswordSource(options: {
  given: string | undefined;
  prompt: ((question: string) => Promise<string>) | undefined;
}): () => Promise<string> {
  if (options.given !== undefined && options.given !== "") {
    const password = checked(PasswordSchema, options.given, "ADMIN_PASSWORD");
    return async () => password;
  }
  const { prompt } = options;
  if (!prompt) {
    return async () => {
      throw new StageInitError(
        "no password for the new administrator: set ADMIN_PASSWORD, or run in a terminal to type it",
      );
    };
  }
  return async () => {
    const password = checked(
      PasswordSchema,
      await prompt("Password for the new administrator: "),
      "password",
    );
    if ((await prompt("The same password again: ")) !== password) {
      throw new StageInitError("the two passwords differ");
    }
    return password;
  };
}

/**
 * Runs the three steps in order: images, administrator, demo catalogue. Running it again changes
 * nothing and reports "already there".
 */
export async function initStage(options: StageInitOptions): Promise<StageInitReport> {
  const { uploaded, unchanged } = await uploadSeedImages(STOREFRONT_IMAGE_FILES);
  const outcome = await ensureAdmin(options.admin);
  let demo: StageInitReport["demo"] = "not asked";
  if (options.demo) {
    const { seeded } = await seedIfEmpty(options.demoCustomer ? { customer: options.demoCustomer } : {});
    demo = seeded ? "loaded" : "already there";
  }
  return {
    images: { uploaded: uploaded.length, unchanged: unchanged.length },
    admin: { email: options.admin.email, outcome },
    demo,
  };
}

/** The report as the lines the command prints. */
export function describeStageInit(report: StageInitReport): string[] {
  const { uploaded, unchanged } = report.images;
  return [
    `  images  ${uploaded} uploaded, ${unchanged} already there`,
    `  admin   ${report.admin.email} ${report.admin.outcome}`,
    `  demo    ${
      report.demo === "not asked"
        ? "not loaded (add --demo to load the demo catalogue)"
        : report.demo === "loaded"
          ? "catalogue loaded"
          : "already there (the table has products)"
    }`,
  ];
}
