import type { ProductDetail } from "../products/product.schema.ts";
import { SHOP_NAME } from "./page-head.ts";

/**
 * The JSON-LD a product page carries (docs/decisions/034-page-heads.md): a schema.org `Product` with
 * one `Offer`, whose `UnitPriceSpecification` says what the price is for — one kilogram (`KGM`) or
 * one piece (`H87`, UN/CEFACT common code) — and a `BreadcrumbList`. Written to pass Google's
 * merchant-listing rules with no errors (tests/integration/page-heads.test.ts checks them with
 * @adobe/structured-data-validator).
 */

const SCHEMA = "https://schema.org";

/** UN/CEFACT unit codes of the shop's selling units (money/quantity.ts). */
export const UNIT_CODES = { kg: "KGM", piece: "H87" } as const;

export interface ProductLinks {
  /** The product page's canonical URL. */
  url: string;
  /** Absolute URLs of its pictures, the main one first. */
  images: string[];
  /** Absolute URLs of the home page and of the product's category page. */
  home: string;
  category: string;
  /** The breadcrumb's first step, in the page's language ("Home", "Accueil"). */
  homeName?: string;
  /** The page's language (`inLanguage`); the price stays in US dollars. */
  inLanguage?: string;
}

/** How many of the newest reviews the JSON-LD names (the product page shows them all). */
export const JSON_LD_REVIEWS = 5;

/** The `Product` of a product page. */
export function productJsonLd(product: ProductDetail, links: ProductLinks, description: string) {
  const price = product.price.toFixed(2);
  return {
    "@context": SCHEMA,
    "@type": "Product",
    ...(links.inLanguage ? { inLanguage: links.inLanguage } : {}),
    name: product.name,
    description,
    image: links.images,
    sku: product._id,
    brand: { "@type": "Brand", name: product.brand.trim() || SHOP_NAME },
    category: product.category,
    offers: {
      "@type": "Offer",
      url: links.url,
      price,
      priceCurrency: "USD",
      availability: `${SCHEMA}/${product.countInStock > 0 ? "InStock" : "OutOfStock"}`,
      itemCondition: `${SCHEMA}/NewCondition`,
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price,
        priceCurrency: "USD",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: UNIT_CODES[product.unit] },
      },
    },
    ...(product.numReviews > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.numReviews,
            bestRating: 5,
            worstRating: 1,
          },
          review: product.reviews.slice(0, JSON_LD_REVIEWS).map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.name },
            reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            reviewBody: review.comment,
            datePublished: review.createdAt.slice(0, 10),
          })),
        }
      : {}),
  };
}

/** Home › category › product. */
export function breadcrumbJsonLd(product: ProductDetail, links: ProductLinks) {
  const crumbs = [
    { name: links.homeName ?? "Home", item: links.home },
    { name: product.category, item: links.category },
    { name: product.name, item: links.url },
  ];
  return {
    "@context": SCHEMA,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, ...crumb })),
  };
}
