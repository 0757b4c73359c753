import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import type { Messages } from "./load-messages.ts";
import type { WebLocale } from "./locale.ts";

const cache = createIntlCache();

/**
 * The page's one react-intl instance: the language its address chose (main.tsx sets it once) with
 * that language's messages. Screens reach it through `useT()` (intl.tsx); code outside React — an
 * error's text (lib/api.ts `errorMessage`) — through `pageIntl()`. English screens render their own
 * `defaultMessage`s, so an English id missing from the messages is not an error; a French one is
 * reported, and the English text shows meanwhile.
 */
export function makeIntl(locale: WebLocale, messages: Messages): IntlShape {
  return createIntl(
    {
      locale,
      defaultLocale: "en",
      messages,
      onError: (error) => {
        if (locale === "en" && error.code === "MISSING_TRANSLATION") return;
        console.error(error);
      },
    },
    cache,
  );
}

let current = makeIntl("en", {});

export const setPageIntl = (intl: IntlShape): void => {
  current = intl;
};

export const pageIntl = (): IntlShape => current;
