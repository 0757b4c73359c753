import { jwtVerify, SignJWT } from "jose";
import * as v from "valibot";
import { signingSecret } from "../config.ts";
import { AppError } from "../errors.ts";
import { LOCALES, type Locale } from "../i18n/locale.ts";
import { isId } from "../ids.ts";

/** Tokens live 7 days; the admin flag is never trusted from a token (admin checks read the table). */
export const TOKEN_LIFETIME = "7d";

/**
 * What a verified token says: whose it is, and the user's token version when it was issued. A token
 * is only good while that version is still the user's (`tokenVersion` on the user item, raised by a
 * password change: docs/decisions/009-token-revocation.md). `name` is the user's name when it was
 * issued: a hint, never trusted on its own — order placement makes its transaction conditional on it
 * (docs/decisions/021-placement-checks-the-caller.md); tokens issued before it existed carry none.
 */
export interface TokenClaims {
  userId: string;
  tokenVersion: number;
  name?: string;
  /**
   * The user's language when the token was issued (sign-up, sign-in, a saved profile): the language
   * of an order placed without one (docs/decisions/050-i18n-formatjs.md); older tokens carry none.
   */
  locale?: Locale;
}

const wholeNumber = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The claims a token must carry, checked after the signature: `sub` one of our ids, `exp` and `tv` numbers. */
const ClaimsSchema = v.object({
  sub: v.pipe(v.string(), v.check(isId)),
  exp: wholeNumber,
  iat: v.optional(wholeNumber),
  tv: wholeNumber,
  name: v.optional(v.string()),
  lc: v.optional(v.picklist(LOCALES)),
});

const key = () => new TextEncoder().encode(signingSecret());

const invalidToken = () => new AppError("UNAUTHENTICATED", "Invalid Token");

/**
 * Signs an HS256 token whose subject is the user id, whose `tv` is the user's current token version
 * whose `name` is the user's current name and whose `lc` is their language.
 */
export async function signToken(
  userId: string,
  tokenVersion: number,
  name: string,
  locale?: Locale,
): Promise<string> {
  return new SignJWT({ tv: tokenVersion, name, ...(locale ? { lc: locale } : {}) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(key());
}

/**
 * Verifies a token — HS256 only, `exp`, `sub` and `tv` required and of the right types — and returns
 * its claims; 401 otherwise. A validly signed token with a `sub` that is not one of our ids (say
 * `["<an admin's id>"]`) is refused here, never coerced into a key.
 */
export async function verifyToken(token: string): Promise<TokenClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, key(), {
      algorithms: ["HS256"],
      requiredClaims: ["exp", "sub", "tv"],
    }));
  } catch {
    throw invalidToken();
  }
  const claims = v.safeParse(ClaimsSchema, payload);
  if (!claims.success) throw invalidToken();
  const { sub, tv, name, lc } = claims.output;
  return {
    userId: sub,
    tokenVersion: tv,
    ...(name === undefined ? {} : { name }),
    ...(lc === undefined ? {} : { locale: lc }),
  };
}
