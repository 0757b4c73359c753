import type { Action } from "../db/transact.ts";
import { AppError } from "../errors.ts";
import { type TokenClaims, verifyToken } from "./token.ts";
import { userStore } from "./user.store.ts";

/**
 * Who is calling: read from the table on every request that resolves one (`callerOfSession`), so a
 * demotion or deletion applies at once.
 */
export interface Caller {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/**
 * A signed-in session as its token states it: verified (signature, claims), not yet checked against
 * the table. Either `callerOfSession` reads the user, or a write carries `sessionCheck` in its own
 * transaction (docs/decisions/021-placement-checks-the-caller.md).
 */
export type Session = TokenClaims;

/** Verifies a bearer token without reading the table; 401 when the token is bad. */
export const sessionFromToken = (token: string): Promise<Session> => verifyToken(token);

/**
 * The transaction action that makes a write conditional on the session being valid when it commits:
 * the user exists, the token's version is still the user's, and the user's name is `name` (the one
 * the write answers with). When it fails, `callerOfSession` tells a revoked session (401) from a
 * renamed user.
 */
export const sessionCheck = (session: Session, name: string): Action =>
  userStore.sessionCheck(session.userId, { tokenVersion: session.tokenVersion, name });

/**
 * The current user of a session; 401 when the user is gone or the token's version is no longer the
 * user's (a password change since it was issued). The read is strongly consistent, so a revocation,
 * demotion or deletion applies to the very next request.
 */
export async function callerOfSession({ userId, tokenVersion }: Session): Promise<Caller> {
  const user = await userStore.get(userId);
  // Tokens carrying an older version than the user's are revoked (docs/decisions/009-token-revocation.md).
  if (!user || user.tokenVersion !== tokenVersion) throw new AppError("UNAUTHENTICATED", "Invalid Token");
  return { _id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin };
}

/** Resolves a bearer token to the current user (`sessionFromToken`, then `callerOfSession`). */
export async function callerFromToken(token: string): Promise<Caller> {
  return callerOfSession(await sessionFromToken(token));
}

/**
 * 403 unless the caller is an administrator (per the table, not the token). The one definition of
 * the admin rule: the API applies it per route (`requireAdmin` in
 * packages/functions/src/api/middleware/auth.ts); core verbs do not check roles
 * (docs/decisions/019-enforced-boundaries.md).
 */
export function assertAdmin(caller: Caller): void {
  if (!caller.isAdmin) throw new AppError("FORBIDDEN", "Invalid Admin Token");
}
