import type { Drawing } from "./fruits.ts";
import { Canvas, leaf, n, place, rng } from "./kit.ts";

/** How one product is drawn: its main drawing, an optional second view (cut, bunch) and its backdrop. */
export interface Art {
  hero: Drawing;
  alt?: Drawing;
  /** Pastel backdrop: [centre, edge]. */
  bg: readonly [string, string];
}

export const PRODUCT_SIZE = 480;
export const BANNER_SIZE = { width: 1200, height: 500 } as const;

function svg(width: number, height: number, c: Canvas, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${c.defsMarkup()}${body}</svg>`;
}

/** Soft shadow on the "table" under a drawing. */
const shadow = (x: number, y: number, rx: number) =>
  `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(rx * 0.16)}" fill="#3b2a20" opacity="0.18" filter="url(#blur)"/>`;

/** Confetti of tiny circles and sparkles in the backdrop colour family (deterministic per seed). */
function sprinkles(width: number, height: number, count: number, color: string, seed: number): string {
  const random = rng(seed);
  let out = "";
  for (let index = 0; index < count; index += 1) {
    const x = random() * width;
    const y = random() * height;
    out +=
      index % 3 === 0
        ? `<path d="M${n(x)} ${n(y - 7)} L${n(x + 2)} ${n(y - 2)} L${n(x + 7)} ${n(y)} L${n(x + 2)} ${n(y + 2)} L${n(x)} ${n(y + 7)} L${n(x - 2)} ${n(y + 2)} L${n(x - 7)} ${n(y)} L${n(x - 2)} ${n(y - 2)}Z"/>`
        : `<circle cx="${n(x)}" cy="${n(y)}" r="${n(2 + random() * 5)}"/>`;
  }
  return `<g fill="${color}" opacity="0.5">${out}</g>`;
}

function backdrop(c: Canvas, width: number, height: number, bg: Art["bg"], seed: number): string {
  const fill = c.radial(
    [
      [0, "#ffffff"],
      [0.45, bg[0]],
      [1, bg[1]],
    ],
    0.5,
    0.42,
    0.8,
  );
  return `<rect width="${width}" height="${height}" fill="${fill}"/>${sprinkles(width, height, 18, "#ffffff", seed)}`;
}

/**
 * A square product image. Variant 0 is the hero; the additional images are the second view (a cut
 * fruit, a bunch) when the art has one, three of the hero, and a close-up.
 */
export function productSvg(art: Art, variant: number, seed: number): string {
  const c = new Canvas();
  const S = PRODUCT_SIZE;
  let body: string;
  const views = art.alt ? ["hero", "alt", "trio"] : ["hero", "trio", "close"];
  const view = views[variant] ?? "hero";
  if (view === "hero") {
    body = `${shadow(S / 2, 402, 150)}${place(art.hero(c), S / 2, 245, 1.02)}`;
  } else if (view === "alt" && art.alt) {
    body = `${shadow(S / 2, 402, 160)}${place(art.alt(c), S / 2, 250, 1.0)}`;
  } else if (view === "trio") {
    body = `${shadow(S / 2, 410, 190)}
      ${place(art.hero(c), 145, 215, 0.58, -12)}${place(art.hero(c), 335, 215, 0.58, 12)}
      ${place(art.hero(c), S / 2, 290, 0.72)}`;
  } else {
    body = `${place(art.hero(c), S / 2 + 20, S / 2 + 20, 1.32, -14)}`;
  }
  return svg(S, S, c, backdrop(c, S, S, art.bg, seed) + body);
}

/**
 * A wide home-carousel banner: the left half stays calm for the slide's title and button; the
 * fruit is arranged on the right over a big soft disc, with a few loose leaves.
 */
export function bannerSvg(art: Art, seed: number): string {
  const c = new Canvas();
  const { width, height } = BANNER_SIZE;
  const fill = c.linear(
    [
      [0, "#ffffff"],
      [0.45, art.bg[0]],
      [1, art.bg[1]],
    ],
    0,
    0,
    1,
    0.4,
  );
  const disc = c.radial(
    [
      [0, "#ffffff", 0.9],
      [1, "#ffffff", 0],
    ],
    0.5,
    0.5,
    0.5,
  );
  const second = art.alt ?? art.hero;
  const body = `
    <rect width="${width}" height="${height}" fill="${fill}"/>
    <circle cx="860" cy="250" r="260" fill="${disc}"/>
    <circle cx="120" cy="440" r="120" fill="${art.bg[1]}" opacity="0.45"/>
    <circle cx="60" cy="60" r="40" fill="${art.bg[1]}" opacity="0.35"/>
    ${sprinkles(width, height, 36, "#ffffff", seed)}
    ${leaf(c, 560, 90, 70, -150)}${leaf(c, 1130, 420, 80, -40)}${leaf(c, 640, 440, 60, 160)}
    ${shadow(870, 440, 300)}
    ${place(second(c), 1040, 300, 0.82, 10)}
    ${place(art.hero(c), 720, 300, 0.78, -10)}
    ${place(art.hero(c), 880, 260, 1.1)}`;
  return svg(width, height, c, body);
}
