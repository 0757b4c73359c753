import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type MessageFormatElement, parse } from "@formatjs/icu-messageformat-parser";
import { pseudoText } from "@fruit/core/browser/i18n";
import { ShippingAddressSchema } from "@fruit/core/browser/orders";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { englishMessages } from "../../../../tests/support/web-messages.ts";
import { messageIdsOf, messagePartIds, WEB_SRC } from "../../build/message-ids.ts";
import { translatedFieldErrors } from "../lib/form-errors.ts";
import { formattersFor } from "./format.ts";
import { MESSAGE_PARTS, type MessagePartName } from "./message-parts.ts";
import { messages as french } from "./messages/fr-CA.ts";
import { makeIntl } from "./page-intl.ts";

/** The argument names and kinds of an ICU message, sorted (`count:plural`, `name:argument`). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ("value" in element && typeof element.value === "string" && element.type !== 0)
        names.add(`${element.value}:${element.type}`);
      if ("options" in element)
        for (const option of Object.values(
          element.options as Record<string, { value: MessageFormatElement[] }>,
        ))
          visit(option.value);
      if ("children" in element) {
        names.add(`<${element.value}>`);
        visit(element.children);
      }
    }
  };
  visit(parse(message));
  return [...names].sort();
}

/** Intl's no-break and thin spaces as plain ones, so expectations read as typed. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, " ");

describe("the French catalogue (src/i18n/messages/fr-CA.ts)", () => {
  const english = englishMessages();
  // The admin screens stay English (the issue allows it): their ids start with "admin.".
  const shopper = Object.keys(english).filter((id) => !id.startsWith("admin."));

  it("has a French text for every storefront and customer message, and none the screens do not use", () => {
    expect(shopper.length).toBeGreaterThan(200);
    expect(shopper.filter((id) => french[id] === undefined)).toEqual([]);
    expect(Object.keys(french).filter((id) => english[id] === undefined)).toEqual([]);
  });

  it("keeps each message's arguments, plural and select branches and tags", () => {
    const differing = shopper.filter(
      (id) =>
        JSON.stringify(argumentsOf(english[id] as string)) !==
        JSON.stringify(argumentsOf(french[id] as string)),
    );
    expect(differing).toEqual([]);
  });
});

describe("the French catalogue's parts (src/i18n/message-parts.ts)", () => {
  const parts = messagePartIds(Object.keys(french));

  it("hold every French text between them, each part a module of its own", () => {
    const held = new Set(Object.values(parts).flat());
    expect(Object.keys(french).filter((id) => !held.has(id))).toEqual([]);
    expect(readdirSync(join(WEB_SRC, "i18n/messages/fr-CA")).sort()).toEqual(
      Object.keys(MESSAGE_PARTS)
        .map((name) => `${name}.ts`)
        .sort(),
    );
    // The page's frame is in the shell's part; a screen's texts are not.
    expect(parts.shell).toContain("nav.products");
    expect(parts.shell).not.toContain("cart.title");
    expect(parts.errors).toContain("error.SLOT_FULL");
  });

  it("give each screen of the route table the part whose modules include it", () => {
    const table = readFileSync(join(WEB_SRC, "app/routes.tsx"), "utf8");
    const screens = [...table.matchAll(/import\("\.\.\/([^"]+)"\),\s*"\w+",\s*"([\w-]+)"/g)];
    expect(screens.length).toBeGreaterThan(15);
    const misplaced = screens.filter(([, module, part]) => {
      const roots: readonly string[] = MESSAGE_PARTS[part as MessagePartName]?.roots ?? [];
      return !roots.includes(module as string);
    });
    expect(misplaced.map(([call]) => call)).toEqual([]);
    const unpaged = [...table.matchAll(/import\("\.\.\/((?!features\/admin\/)[^"]+)"\)/g)]
      .map((match) => match[1] as string)
      .filter((module) => !Object.values(MESSAGE_PARTS).some((part) => part.roots.includes(module as never)));
    expect(unpaged).toEqual([]);
  });

  it("follow imports and lazy imports, a feature index's re-exports only for the names asked", () => {
    const src = mkdtempSync(join(tmpdir(), "message-parts-"));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    };
    const message = (id: string) => `t({ id: "${id}", defaultMessage: "x" });\n`;
    write(
      "page.tsx",
      `import { Button } from "./cart/index.ts";\nconst Form = () => import("./form.tsx");\n${message("page.title")}`,
    );
    write("cart/index.ts", `export { Button } from "./button.tsx";\nexport { Promo } from "./promo.tsx";\n`);
    write("cart/button.tsx", message("cart.add"));
    write("cart/promo.tsx", message("cart.promo"));
    write("form.tsx", `import "./styles.css";\n${message("form.send")}`);
    expect([...messageIdsOf(["page.tsx"], new Set(), src)].sort()).toEqual([
      "cart.add",
      "form.send",
      "page.title",
    ]);
    expect([...messageIdsOf(["page.tsx"], new Set([join(src, "form.tsx")]), src)].sort()).toEqual([
      "cart.add",
      "page.title",
    ]);
  });
});

const address = {
  fullName: "Ann",
  address: "1 Main",
  city: "Montréal",
  postalCode: "H2X 1Y4",
  country: "CA",
};

describe("French plurals and amounts in the web", () => {
  const intl = makeIntl("fr-CA", french);
  const en = makeIntl("en", {});
  const products = { id: "products.count", defaultMessage: english("products.count") };
  function english(id: string) {
    return englishMessages()[id] as string;
  }

  it("takes the singular for 0 and 1 in French, never by comparing with 1", () => {
    expect([0, 1, 2, 1000].map((count) => spaced(intl.formatMessage(products, { count })))).toEqual([
      "0 produit",
      "1 produit",
      "2 produits",
      "1 000 produits",
    ]);
    expect([0, 1, 2].map((count) => en.formatMessage(products, { count }))).toEqual([
      "0 products",
      "1 product",
      "2 products",
    ]);
  });

  it("writes 1.5 kg and 0.75 kg with a comma, and pieces by CLDR's rules", () => {
    const fr = formattersFor("fr-CA");
    expect(spaced(fr.quantity("kg", 0.75))).toBe("0,75 kg");
    expect(spaced(fr.quantity("kg", 1.5))).toBe("1,5 kg");
    expect([0, 1, 2].map((n) => fr.quantity("piece", n))).toEqual(["0 pièce", "1 pièce", "2 pièces"]);
    expect(formattersFor("en").quantity("piece", 1)).toBe("1 pc");
  });

  it("reads US dollars as '12,49 $ US' in French and '$12.49' in English", () => {
    expect(spaced(formattersFor("fr-CA").money(12.49))).toBe("12,49 $ US");
    expect(formattersFor("en").money(12.49)).toBe("$12.49");
    expect(
      spaced(
        intl.formatMessage(
          { id: "cart.toFree", defaultMessage: english("cart.toFree") },
          {
            missing: formattersFor("fr-CA").money(0.01),
            over: formattersFor("fr-CA").money(100),
          },
        ),
      ),
    ).toBe("Ajoutez 0,01 $ US de plus pour la livraison gratuite (commandes de plus de 100,00 $ US).");
  });

  it("names a form's field errors by kind in French, a subscription's window and its plural weeks", () => {
    const issues = v.safeParse(ShippingAddressSchema, {
      ...address,
      address: " ",
      city: "x".repeat(101),
    }).issues;
    const labels = {
      fullName: "Nom",
      address: "Adresse",
      city: "Ville",
      postalCode: "Code postal",
      country: "Pays",
    };
    expect(translatedFieldErrors(issues ?? [], intl.formatMessage, labels)).toEqual({
      address: "Le champ « Adresse » est obligatoire",
      city: "Le champ « Ville » est trop long",
    });
    expect(
      translatedFieldErrors(issues ?? [], en.formatMessage, { ...labels, address: "Address", city: "City" }),
    ).toEqual({
      address: "Address is required",
      city: "City is too long",
    });
    expect(spaced(formattersFor("fr-CA").weekly({ weekday: 2, start: "10:00", end: "12:00" }))).toBe(
      "mardi 10 h – 12 h",
    );
    expect(formattersFor("en").weekly({ weekday: 2, start: "10:00", end: "12:30" })).toBe(
      "Tuesday 10:00–12:30",
    );
    const pause = { id: "subscriptions.pause", defaultMessage: english("subscriptions.pause") };
    expect([1, 4].map((weeks) => intl.formatMessage(pause, { weeks }))).toEqual([
      "Pause de 1 semaine",
      "Pause de 4 semaines",
    ]);
  });

  it("has a pseudo-locale whose letters are never plain ASCII (what the route run looks for)", () => {
    expect(pseudoText("Add to Cart")).not.toMatch(/[A-Za-z]/);
  });
});
