import type { Unit } from "@fruit/core/browser/money";
import { DEAL_SLUG, HOME_BANNER_SLUGS } from "@fruit/core/browser/products";
import { FRENCH_CATEGORIES, FRENCH_PRODUCTS } from "./seed-data.fr.ts";

/**
 * The local runtime's demo catalogue: fresh fruit and vegetables, most priced per kg (berries in
 * 250 g steps, herbs in 50 g), melons, pineapples, avocados and lettuces by the piece. Pure data (no I/O)
 * so the seed, the image generator and the tests share one source. The slugs the home page links to
 * come from core's browser-safe constants, so the web app and the seed cannot disagree.
 */
export { DEAL_SLUG, HOME_BANNER_SLUGS };

/** One seeded product, as authored here (dollars; the seed converts to cents). */
export interface SeedProduct {
  slug: string;
  name: string;
  category: string;
  brand: string;
  /** Dollars per unit (per kg or per piece), cents precision. */
  price: number;
  unit: Unit;
  /** In the unit: 0.25 (kg) or 1 (piece). */
  step: number;
  /** In the unit. */
  countInStock: number;
  description: string;
  /** File name of the main image in seed-images/. */
  image: string;
  /** File names of the additional images (0-2 of them). */
  images: string[];
  /** Its French texts (seed-data.fr.ts; docs/decisions/050-i18n-formatjs.md). */
  translations: { "fr-CA": { name: string; description: string; category: string } };
}

/** A review the seeded customer has left. */
export interface SeedReview {
  slug: string;
  rating: number;
  comment: string;
  /** How long ago the review was written, so the list shows varied dates. */
  daysAgo: number;
}

/** [slug, name, brand, price per unit, count in stock (in the unit), number of additional images] */
type Row = readonly [string, string, string, number, number, 0 | 1 | 2];

/** Grouped by category; the first rows are the ones the home page features. */
const CATALOGUE: readonly { category: string; rows: readonly Row[] }[] = [
  {
    category: "Berries",
    rows: [
      [HOME_BANNER_SLUGS.strawberry, "Strawberries", "Sunny Slope Farm", 8.99, 42, 2],
      [HOME_BANNER_SLUGS.cherry, "Sweet Cherries", "Cedar Ridge Orchard", 12.49, 18, 2],
      ["blueberry", "Blueberries", "Blue Heron Farm", 14.99, 25, 1],
      ["raspberry", "Raspberries", "Sunny Slope Farm", 17.99, 0, 1],
      ["grapes", "Red Seedless Grapes", "Willow Creek Growers", 6.99, 30, 0],
    ],
  },
  {
    category: "Fruits",
    rows: [
      [HOME_BANNER_SLUGS.watermelon, "Seedless Watermelon", "Riverbend Organics", 6.99, 12, 2],
      ["apple", "Crimson Crisp Apples", "Red Barn Orchards", 4.49, 60, 1],
      ["green-apple", "Granny Smith Apples", "Red Barn Orchards", 4.29, 3, 0],
      ["pear", "Bartlett Pears", "Cedar Ridge Orchard", 4.79, 28, 0],
      ["peach", "White Peaches", "Honeybee Meadows", 6.49, 14, 1],
      ["plum", "Italian Plums", "Honeybee Meadows", 5.79, 0, 0],
    ],
  },
  {
    category: "Citrus",
    rows: [
      ["orange", "Navel Oranges", "Golden Valley Groves", 3.79, 80, 1],
      ["lemon", "Meyer Lemons", "Golden Valley Groves", 4.99, 35, 1],
      ["lime", "Persian Limes", "Coastal Breeze Plantations", 5.49, 22, 1],
      ["grapefruit", "Ruby Red Grapefruit", "Golden Valley Groves", 3.99, 3, 1],
    ],
  },
  {
    category: "Tropical",
    rows: [
      [DEAL_SLUG, "Honey Mangoes", "Coastal Breeze Plantations", 5.99, 40, 2],
      ["pineapple", "Golden Pineapple", "Coastal Breeze Plantations", 3.49, 16, 1],
      ["kiwi", "Green Kiwifruit", "Willow Creek Growers", 6.29, 45, 1],
      ["banana", "Cavendish Bananas", "Coastal Breeze Plantations", 1.99, 120, 0],
      ["avocado", "Hass Avocados", "Riverbend Organics", 1.49, 2, 1],
    ],
  },
  {
    category: "Vegetables",
    rows: [
      ["tomato", "Vine Tomatoes", "Green Acre Gardens", 4.59, 50, 1],
      ["carrot", "Bunched Carrots", "Maple Hollow Farm", 1.89, 70, 0],
      ["broccoli", "Broccoli Crowns", "Green Acre Gardens", 4.99, 26, 0],
      ["eggplant", "Globe Eggplant", "Maple Hollow Farm", 3.89, 0, 0],
      ["bell-pepper", "Red Bell Peppers", "Green Acre Gardens", 6.79, 33, 1],
      ["cucumber", "English Cucumbers", "Maple Hollow Farm", 2.99, 38, 1],
    ],
  },
  {
    category: "Greens",
    rows: [
      ["lettuce", "Butterhead Lettuce", "Riverbend Organics", 2.49, 20, 0],
      ["spinach", "Baby Spinach", "Riverbend Organics", 9.99, 15, 0],
      ["basil", "Sweet Basil", "Hilltop Herb Co.", 24.99, 0, 0],
      ["mint", "Garden Mint", "Hilltop Herb Co.", 22.5, 3, 0],
    ],
  },
];

/** How a product sells when not by the kilogram in steps of 1 kg, by slug. */
const SELLING: Record<string, { unit: Unit; step: number }> = {
  strawberry: { unit: "kg", step: 0.25 },
  cherry: { unit: "kg", step: 0.25 },
  blueberry: { unit: "kg", step: 0.25 },
  raspberry: { unit: "kg", step: 0.25 },
  grapes: { unit: "kg", step: 0.5 },
  spinach: { unit: "kg", step: 0.25 },
  basil: { unit: "kg", step: 0.05 },
  mint: { unit: "kg", step: 0.05 },
  watermelon: { unit: "piece", step: 1 },
  pineapple: { unit: "piece", step: 1 },
  avocado: { unit: "piece", step: 1 },
  lettuce: { unit: "piece", step: 1 },
};

/** Product copy, by slug (kept apart from the rows so each row stays one readable line). */
const DESCRIPTIONS: Record<string, string> = {
  strawberry:
    "Sun-ripened strawberries picked at dawn, glossy red to the core and bursting with jammy sweetness.",
  cherry:
    "Plump, dark sweet cherries with a satisfying snap and a deep, wine-like juiciness. Perfect by the handful.",
  blueberry:
    "Dusky blue berries with a gentle pop and a sweet-tart finish, ready for your morning oats or pancakes.",
  raspberry: "Delicate, fragrant raspberries hand-picked into small punnets so every berry arrives whole.",
  grapes: "Crunchy seedless red grapes, cool and sweet straight from the fridge. A lunchbox favourite.",
  watermelon: "A heavy, crimson-fleshed melon with crisp, thirst-quenching bite and barely a seed in sight.",
  apple:
    "Crisp, honey-sweet red apples with a snappy bite and a clean finish, grown in high-altitude orchards.",
  "green-apple": "Bright, mouth-puckering green apples that hold their shape in pies and sparkle in a slaw.",
  pear: "Buttery Bartlett pears that turn from green to gold as they soften. Heavenly with a sharp cheese.",
  peach:
    "Fragrant white peaches with blushing skin and melting, floral flesh. Juice down the chin guaranteed.",
  plum: "Oval Italian plums with a dusty violet bloom and amber flesh, superb baked into a crumble.",
  orange: "Seedless navel oranges that peel in one spiral, sweet and juicy with a bright, zesty aroma.",
  lemon:
    "Thin-skinned Meyer lemons, softer and more floral than the usual kind, for dressings, bakes and drinks.",
  lime: "Zingy, juicy limes for salsas, curries and the perfect summer cooler.",
  grapefruit: "Ruby-fleshed grapefruit balancing tangy and sweet, a sunny wake-up for the breakfast table.",
  mango:
    "Silky, fibre-free mangoes with a perfume of honey and apricot. Our deal of the month, priced per kg.",
  pineapple: "Extra-sweet golden pineapple with low acidity and a tropical aroma that fills the kitchen.",
  kiwi: "Emerald-green kiwifruit with a tangy-sweet flavour and a little crunch from its tiny black seeds.",
  banana: "Creamy Cavendish bananas, picked green and ripened gently so they reach you just right.",
  avocado: "Pebbly-skinned Hass avocados with rich, nutty flesh, ready to mash on toast in a day or two.",
  tomato: "Tomatoes ripened on the vine for a deep, savoury sweetness. Still smelling of the greenhouse.",
  carrot: "Sweet, crunchy carrots pulled with their feathery tops on. Roast them whole or snack on them raw.",
  broccoli: "Tight, deep-green broccoli crowns with tender stalks, lovely steamed, roasted or stir-fried.",
  eggplant: "Glossy purple eggplant with creamy flesh that melts into curries, bakes and smoky dips.",
  "bell-pepper":
    "Thick-walled red bell peppers, sweet and crisp, for roasting, stuffing or slicing into salads.",
  cucumber: "Long, thin-skinned cucumbers with no need to peel. Cool, crisp and refreshing.",
  lettuce: "Soft, buttery lettuce leaves forming a loose head, made for delicate salads and lettuce wraps.",
  spinach: "Tender baby spinach leaves, washed and ready for salads, smoothies or a quick wilt in the pan.",
  basil: "Fragrant sweet basil with glossy leaves, the heart of a proper pesto or a caprese salad.",
  mint: "Cool, aromatic garden mint for teas, mojitos, tabbouleh and summer fruit salads.",
};

/** The seeded catalogue, in display order (the seed makes the first product the newest). */
export const SEED_PRODUCTS: readonly SeedProduct[] = CATALOGUE.flatMap(({ category, rows }) =>
  rows.map(([slug, name, brand, price, countInStock, extra]): SeedProduct => {
    const description = DESCRIPTIONS[slug];
    if (!description) throw new Error(`seed-data: no description for ${slug}`);
    const images = Array.from({ length: extra }, (_, index) => `${slug}-${index + 2}.webp`);
    const { unit, step } = SELLING[slug] ?? { unit: "kg", step: 1 };
    const [frenchName, frenchDescription] = FRENCH_PRODUCTS[slug] ?? [];
    const frenchCategory = FRENCH_CATEGORIES[category];
    if (!frenchName || !frenchDescription || !frenchCategory)
      throw new Error(`seed-data: no French texts for ${slug}`);
    return {
      slug,
      name,
      category,
      brand,
      price,
      unit,
      step,
      countInStock,
      description,
      image: `${slug}.webp`,
      images,
      translations: {
        "fr-CA": { name: frenchName, description: frenchDescription, category: frenchCategory },
      },
    };
  }),
);

/** Reviews by the seeded customer (one per product: the API allows one review per user and product). */
export const SEED_REVIEWS: readonly SeedReview[] = [
  {
    slug: "strawberry",
    rating: 5,
    comment: "Sweetest strawberries I've had all year, not a single soft one.",
    daysAgo: 3,
  },
  {
    slug: "cherry",
    rating: 4,
    comment: "Firm and juicy. A couple were a little small, but delicious.",
    daysAgo: 6,
  },
  { slug: "mango", rating: 5, comment: "Perfectly ripe on arrival and no stringy bits at all.", daysAgo: 9 },
  {
    slug: "watermelon",
    rating: 4,
    comment: "Crisp and very refreshing, the kids finished it in a day.",
    daysAgo: 12,
  },
  { slug: "avocado", rating: 3, comment: "Good flavour but needed four days to ripen.", daysAgo: 15 },
  {
    slug: "tomato",
    rating: 5,
    comment: "They actually taste like tomatoes. Great for a simple salad.",
    daysAgo: 20,
  },
];

/** Wide home artwork, shipped beside the product images (not products themselves). */
export const SEED_BANNER_FILES = [
  "banner-strawberry.webp",
  "banner-cherry.webp",
  "banner-watermelon.webp",
  "banner-deal.webp",
] as const;

/** Every image file the seed uploads: product images, additional images and banners. */
export const seedImageFiles = (): string[] => [
  ...SEED_PRODUCTS.flatMap((product) => [product.image, ...product.images]),
  ...SEED_BANNER_FILES,
];

/**
 * Images the web app shows by fixed path (`/images/seed/<file>`) whatever the catalogue holds: the
 * home banners and deal artwork (core's catalogue.constants.ts), the news teasers, and the About and
 * Contact pictures (packages/web/src/features). `npm run stage:init` puts these into a fresh
 * stage's bucket; seed-data.test.ts fails if the web app or core names one that is missing here.
 */
export const STOREFRONT_IMAGE_FILES: readonly string[] = [
  ...SEED_BANNER_FILES,
  // news teasers on the home page
  "strawberry.webp",
  "mango.webp",
  "apple.webp",
];
