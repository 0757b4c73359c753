import * as v from "valibot";
import { LocaleSchema } from "../i18n/locale.ts";
import { PageQueryEntries } from "../paging.schema.ts";

/**
 * Browser-safe rules of the contact form and the newsletter box (docs/decisions/039-restock-alerts.md):
 * every length bounded, the e-mail a plain address, and a honeypot field (`website`) the shop's
 * screens leave empty: a request that fills it is answered 202 and nothing is stored or sent.
 */

export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, subject: 150, message: 5000 } as const;
/** Messages or sign-ups per address and per client IP within an hour. */
export const CONTACT_RATE = { max: 5, windowSeconds: 3600 } as const;

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

const bounded = (field: string, max: number) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.minLength(1, `${field} is required`),
    v.maxLength(max, `${field} must be at most ${max} characters`),
  );

export const EmailSchema = v.pipe(
  v.string("email is required"),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(CONTACT_LIMITS.email, `email must be at most ${CONTACT_LIMITS.email} characters`),
  v.regex(EMAIL, "email must be an e-mail address"),
);

/** The honeypot: left empty by people (the screens hide it), filled by form-filling robots. */
const Honeypot = v.optional(v.pipe(v.string(), v.maxLength(500)));

/** POST /api/contact */
export const ContactSchema = v.object({
  name: bounded("name", CONTACT_LIMITS.name),
  email: EmailSchema,
  phone: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(CONTACT_LIMITS.phone, `phone must be at most ${CONTACT_LIMITS.phone} characters`),
      v.regex(/^[0-9+()\-. ]*$/, "phone may hold only digits, spaces and + ( ) - ."),
    ),
  ),
  subject: bounded("subject", CONTACT_LIMITS.subject),
  message: bounded("message", CONTACT_LIMITS.message),
  website: Honeypot,
});
export type ContactInput = v.InferOutput<typeof ContactSchema>;

/** POST /api/newsletter */
export const NewsletterSchema = v.object({
  email: EmailSchema,
  website: Honeypot,
  /** The language of the confirmation mail (else the request's `Accept-Language`: decision 050). */
  locale: v.optional(LocaleSchema),
});
export type NewsletterInput = v.InferOutput<typeof NewsletterSchema>;

/** GET /api/contact-messages and /api/newsletter/subscribers: paged like every list. */
export const ContactListQuerySchema = v.object({ ...PageQueryEntries });
export type ContactListQuery = v.InferOutput<typeof ContactListQuerySchema>;

/** A contact message as the admin's "Messages" screen reads it. */
export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  createdAt: string;
}

/** A confirmed newsletter subscriber. */
export interface NewsletterSubscriber {
  email: string;
  confirmedAt: string;
}

/** What the accepting routes answer (202): the same whatever happened, so nothing can be probed. */
export const ACCEPTED_MESSAGE = "Thank you: we have received it";

/** The body of a signed link's call (confirm, unsubscribe): `{ token }` from the link's query. */
export const LinkTokenSchema = v.object({
  token: v.pipe(
    v.string("token is required"),
    v.minLength(1, "token is required"),
    v.maxLength(2000, "token is too long"),
  ),
});

/**
 * POST /api/newsletter/confirm: the link's token, and the subscriber's language (else the request's
 * `Accept-Language`: docs/decisions/050-i18n-formatjs.md).
 */
export const ConfirmNewsletterSchema = v.object({
  ...LinkTokenSchema.entries,
  locale: v.optional(LocaleSchema),
});
