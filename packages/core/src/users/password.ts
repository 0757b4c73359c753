import bcrypt from "bcryptjs";
import { fieldError } from "../errors.ts";
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_BYTES } from "./user.schema.ts";

/** bcrypt cost (docs/architecture.md, 'API conventions': >= 10). */
export const BCRYPT_COST = 10;

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** 400 unless the password is 8 to 72 bytes (bcrypt ignores bytes past 72, so longer ones are refused). */
export function assertPassword(password: string): void {
  const bytes = byteLength(password);
  if (bytes < PASSWORD_MIN_BYTES || bytes > PASSWORD_MAX_BYTES) {
    throw fieldError("password", `Password must be ${PASSWORD_MIN_BYTES} to ${PASSWORD_MAX_BYTES} bytes`);
  }
}

let dummyHash: Promise<string> | undefined;

/** Compares in the same time whether or not the account exists, so timing does not reveal emails. */
export async function passwordMatches(password: string, hash: unknown): Promise<boolean> {
  dummyHash ??= bcrypt.hash("no account has this password", BCRYPT_COST);
  const usable = typeof hash === "string" && byteLength(password) <= PASSWORD_MAX_BYTES;
  const matches = await bcrypt.compare(password, usable ? hash : await dummyHash);
  return usable && matches;
}
