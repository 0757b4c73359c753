import * as v from "valibot";
import { type Locale, LocaleSchema } from "../i18n/locale.ts";
import { PageQueryEntries } from "../paging.schema.ts";

/**
 * Browser-safe shapes and rules of the accounts API (shared by the server and the web app; imports
 * nothing but valibot). Unknown fields — `isAdmin` in a signup or profile body, `_id` in an admin
 * update — are dropped by `v.object` and never stored.
 */

/** What signup, signin and profile answer ("user info", docs/product.md §3). */
export interface UserInfo {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  /**
   * The account's language: its mails' and (unless an order says otherwise) its orders'
   * (docs/decisions/050-i18n-formatjs.md). The API always answers it; optional for the user info a
   * browser kept from before it.
   */
  locale?: Locale;
  token: string;
}

/** A user as the admin screens see it: never a password hash. */
export interface AdminUser {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** bcrypt only reads the first 72 bytes of a password, so longer ones are refused, not truncated. */
export const PASSWORD_MIN_BYTES = 8;
export const PASSWORD_MAX_BYTES = 72;

const byteLength = (text: string): number => new TextEncoder().encode(text).length;

export const PasswordSchema = v.pipe(
  v.string("Password is required"),
  v.check(
    (p) => byteLength(p) >= PASSWORD_MIN_BYTES,
    `Password must be at least ${PASSWORD_MIN_BYTES} characters`,
  ),
  v.check((p) => byteLength(p) <= PASSWORD_MAX_BYTES, `Password must be at most ${PASSWORD_MAX_BYTES} bytes`),
);

export { LocaleSchema } from "../i18n/locale.ts";

/** Emails are trimmed and lowercased: one address, one account, whatever the case typed. */
export const EmailSchema = v.pipe(
  v.string("Email is required"),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254, "Email is too long"),
  v.email("Email is not a valid email address"),
);

export const NameSchema = v.pipe(
  v.string("Name is required"),
  v.trim(),
  v.minLength(1, "Name is required"),
  v.maxLength(100, "Name must be at most 100 characters"),
);

/** Names a missing field: "email: Email is required" instead of valibot's generic key message. */
const missingField = (issue: v.BaseIssue<unknown>) => {
  const key = issue.expected?.replace(/^"|"$/g, "") ?? "";
  return key ? `${key.charAt(0).toUpperCase()}${key.slice(1)} is required` : "Invalid input";
};

/** POST /api/users/signup */
export const SignUpSchema = v.object(
  { name: NameSchema, email: EmailSchema, password: PasswordSchema, locale: v.optional(LocaleSchema) },
  missingField,
);
export type SignUpInput = v.InferOutput<typeof SignUpSchema>;

/** POST /api/users/signin — loose on purpose: a wrong shape of email is just a failed sign-in. */
export const SignInSchema = v.object(
  {
    email: v.pipe(
      v.string("Email is required"),
      v.trim(),
      v.toLowerCase(),
      v.maxLength(254, "Email is too long"),
    ),
    password: v.pipe(v.string("Password is required"), v.maxLength(1000, "Password is too long")),
  },
  missingField,
);
export type SignInInput = v.InferOutput<typeof SignInSchema>;

/**
 * PUT /api/users/profile — every field optional. The original client's profile form always sends `password`,
 * empty when the user keeps it, so an empty password means "unchanged".
 */
export const ProfileSchema = v.object({
  name: v.optional(NameSchema),
  locale: v.optional(LocaleSchema),
  email: v.optional(EmailSchema),
  password: v.optional(
    v.union(
      [
        v.pipe(
          v.literal(""),
          v.transform(() => undefined),
        ),
        PasswordSchema,
      ],
      "Password must be a string",
    ),
  ),
});
export type ProfileInput = v.InferOutput<typeof ProfileSchema>;

/** PUT /api/users/{id} (admin): changes exactly the fields sent. */
export const AdminUserUpdateSchema = v.object({
  name: v.optional(NameSchema),
  email: v.optional(EmailSchema),
  isAdmin: v.optional(v.boolean("isAdmin must be true or false")),
});
export type AdminUserUpdate = v.InferOutput<typeof AdminUserUpdateSchema>;

/** Query of GET /api/users (admin): a substring of the name or e-mail (`q`, any case), paging. */
export const UserListQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, "q must be at most 200 characters"))),
  ...PageQueryEntries,
});
export type UserListQuery = v.InferOutput<typeof UserListQuerySchema>;
