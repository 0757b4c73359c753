import { AppError } from "../errors.ts";
import { verifyToken } from "./token.ts";
import { userStore } from "./user.store.ts";

/** Who is calling: read from the table on every request, so a demotion or deletion applies at once. */
export interface Caller {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/**
 * The user's current token version (`tokenVersion` on the user item; items written before it
 * existed count as 0). Tokens carrying an older version are revoked: see docs/decisions/009-token-revocation.md.
 */
export const tokenVersionOf = (item: Record<string, unknown>): number =>
  typeof item.tokenVersion === "number" ? item.tokenVersion : 0;

/**
 * Resolves a bearer token to the current user; 401 when the token is bad, the user is gone, or the
 * token's version is no longer the user's (a password change since it was issued). The read is
 * strongly consistent, so a revocation, demotion or deletion applies to the very next request.
 */
export async function callerFromToken(token: string): Promise<Caller> {
  const { userId, tokenVersion } = await verifyToken(token);
  const item = await userStore.get(userId);
  if (!item || tokenVersionOf(item) !== tokenVersion) throw new AppError("unauthenticated", "Invalid Token");
  return {
    _id: item.id as string,
    name: item.name as string,
    email: item.email as string,
    isAdmin: item.isAdmin === true,
  };
}

/**
 * 403 unless the caller is an administrator (per the table, not the token). The one definition of
 * the admin rule: the API applies it per route (`requireAdmin` in
 * packages/functions/src/api/middleware/auth.ts); core verbs do not check roles
 * (docs/decisions/019-enforced-boundaries.md).
 */
export function assertAdmin(caller: Caller): void {
  if (!caller.isAdmin) throw new AppError("forbidden", "Invalid Admin Token");
}
