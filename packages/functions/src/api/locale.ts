import { type Locale, localeOfAcceptLanguage } from "@fruit/core/i18n/error-texts";
import type { Context } from "hono";

/**
 * The caller's language for what the shop writes to them later (a mail): the one the body names,
 * else the request's `Accept-Language` (fr-CA or en; docs/decisions/050-i18n-formatjs.md).
 */
export const callerLocale = (c: Context, sent?: Locale): Locale =>
  sent ?? localeOfAcceptLanguage(c.req.header("accept-language"));
