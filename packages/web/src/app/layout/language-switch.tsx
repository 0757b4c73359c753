import { Anchor, VisuallyHidden } from "@mantine/core";
import { useIntl } from "react-intl";
import { useLocation } from "react-router-dom";
import type { WebLocale } from "../../i18n/locale.ts";
import { otherLocale, pathIn } from "../../i18n/locale.ts";
import classes from "./layout.module.css";

const NAMES: Record<WebLocale, { short: string; name: string }> = {
  en: { short: "EN", name: "English" },
  "fr-CA": { short: "FR", name: "Français" },
};

/**
 * The header's link to the same page in the other language (docs/decisions/052-language-by-url.md):
 * the same path, search and hash with `/fr` added or removed. A plain link, so the page loads anew
 * in that language with its messages; each language's name is written in that language.
 */
export function LanguageSwitch() {
  const intl = useIntl();
  const location = useLocation();
  const target = otherLocale(intl.locale as WebLocale);
  const href = pathIn(target, location.pathname + location.search + location.hash);
  return (
    <Anchor href={href} hrefLang={target} lang={target} className={classes.languageSwitch} fw={700} size="sm">
      <span aria-hidden="true">{NAMES[target].short}</span>
      <VisuallyHidden>{NAMES[target].name}</VisuallyHidden>
    </Anchor>
  );
}
