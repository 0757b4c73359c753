/** The shop's placeholder contact details (docs/product.md §2: footer and Contact screen). */
export const SHOP_CONTACT = {
  address: "128 Orchard Lane, Montréal, QC H2X 1Y4",
  email: "hello@fruitshop.example",
  phone: "+1 (514) 555-0142",
  phoneHref: "+15145550142",
  hours: ["Mon-Fri 8 to 9 PM", "Sat-Sun 10 to 8 PM"],
} as const;
