import { createHash } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import * as v from "valibot";
import { signingSecret } from "../config.ts";
import { AppError } from "../errors.ts";

/**
 * Signed links in mails (a newsletter confirmation, a one-click unsubscribe): an HS256 JWT, as the
 * shop's session tokens are (users/token.ts), but keyed by a key of their own derived from the
 * shop's secret, and carrying a `purpose` claim. A link token therefore never passes as a session
 * token (another key), one purpose's token never passes as another's (the claim is checked), and a
 * token whose signature or claims were changed is refused (400 `This link is invalid or has expired`).
 * They work without signing in: the token alone says what may be done.
 */

/** What a link may be used for. */
export const LINK_PURPOSES = ["newsletter-confirm", "newsletter-unsubscribe", "restock-unsubscribe"] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** How long each kind of link works: a confirmation for a week, an unsubscribe link for a year. */
const LIFETIME: Record<LinkPurpose, string> = {
  "newsletter-confirm": "7d",
  "newsletter-unsubscribe": "365d",
  "restock-unsubscribe": "365d",
};

let derived: { secret: string; key: Uint8Array } | undefined;
/** The links' key: a hash of the shop's secret with its own label (never a session token's key). */
function linkKey(): Uint8Array {
  const secret = signingSecret();
  if (derived?.secret !== secret)
    derived = {
      secret,
      key: new Uint8Array(createHash("sha256").update(`fruit-shop mail link\0${secret}`).digest()),
    };
  return derived.key;
}

const ClaimsSchema = v.object({
  purpose: v.picklist(LINK_PURPOSES),
  sub: v.pipe(v.string(), v.minLength(1), v.maxLength(400)),
  /** The purpose's own detail (the product of a restock alert). */
  ref: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

export interface LinkClaims {
  /** Whom it is about: an e-mail address (newsletter) or a user id (restock alerts). */
  subject: string;
  ref?: string;
}

/** A signed link token for `purpose` about `subject`. */
export async function signLink(purpose: LinkPurpose, claims: LinkClaims): Promise<string> {
  return new SignJWT({ purpose, ...(claims.ref === undefined ? {} : { ref: claims.ref }) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.subject)
    .setIssuedAt()
    .setExpirationTime(LIFETIME[purpose])
    .sign(linkKey());
}

const invalidLink = () => new AppError("LINK_INVALID", "This link is invalid or has expired");

/** The claims of a link token made for `purpose`; 400 for anything else (tampered, expired, another purpose). */
export async function verifyLink(token: string, purpose: LinkPurpose): Promise<LinkClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, linkKey(), {
      algorithms: ["HS256"],
      requiredClaims: ["exp", "sub"],
    }));
  } catch {
    throw invalidLink();
  }
  const claims = v.safeParse(ClaimsSchema, payload);
  if (!claims.success || claims.output.purpose !== purpose) throw invalidLink();
  const { sub, ref } = claims.output;
  return { subject: sub, ...(ref === undefined ? {} : { ref }) };
}
