import { createContext, type ReactNode, useContext } from "react";
import { type IntlShape, RawIntlProvider, useIntl } from "react-intl";
import { type Formatters, formattersFor } from "./format.ts";
import type { WebLocale } from "./locale.ts";
import { makeIntl } from "./page-intl.ts";

const FormatContext = createContext<Formatters>(formattersFor("en"));

const english = makeIntl("en", {});

/**
 * The page's language for every screen below: react-intl's messages (ICU plurals: French "0 article",
 * "1,5 kg"; never a count compared with 1) and the shop's formatters (format.ts). Without `intl`
 * (tests), English.
 */
export function LocaleProvider({ intl = english, children }: { intl?: IntlShape; children: ReactNode }) {
  return (
    <RawIntlProvider value={intl}>
      <FormatContext.Provider value={formattersFor(intl.locale as WebLocale)}>
        {children}
      </FormatContext.Provider>
    </RawIntlProvider>
  );
}

/** The page language's formatters: `const f = useFormat(); f.money(12.49)`. */
export const useFormat = (): Formatters => useContext(FormatContext);

/** The page language's messages: `const t = useT(); t(descriptor, values)`. */
export const useT = () => useIntl().formatMessage;

/** The page's language. */
export const useLocale = (): WebLocale => useIntl().locale as WebLocale;
