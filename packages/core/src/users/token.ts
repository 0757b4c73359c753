import { jwtVerify, SignJWT } from "jose";
import { getConfig } from "../config.ts";
import { AppError } from "../errors.ts";

/** Tokens live 7 days; the admin flag is never trusted from a token (admin checks read the table). */
export const TOKEN_LIFETIME = "7d";

const key = () => new TextEncoder().encode(getConfig().jwtSecret);

/** Signs an HS256 token whose subject is the user id. */
export async function signToken(userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(key());
}

/** Verifies a token (HS256 only, `exp` required) and returns the user id; 401 otherwise. */
export async function verifyToken(token: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      algorithms: ["HS256"],
      requiredClaims: ["exp", "sub"],
    });
    return payload.sub as string;
  } catch {
    throw new AppError("unauthenticated", "Invalid Token");
  }
}
