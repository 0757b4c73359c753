/**
 * Drawing kit for the seed illustrations: gradient bookkeeping and the small parts every fruit
 * shares (leaf, stem, highlight, dots). Drawings are SVG strings centred on the origin and about
 * 300 units across; `scene.ts` places and scales them.
 */

/** A gradient stop: [offset 0..1, colour, opacity?]. */
export type Stop = readonly [number, string, number?];

/** Collects `<defs>` for one SVG document and hands out ids that never collide inside it. */
export class Canvas {
  private readonly defs: string[] = [];
  private count = 0;

  /** A fresh id with a readable prefix. */
  id(prefix: string): string {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  /** Adds raw markup to `<defs>` (clip paths, patterns). */
  def(markup: string): void {
    this.defs.push(markup);
  }

  /** A radial gradient in the shape's bounding box; the default light comes from the upper left. */
  radial(stops: readonly Stop[], cx = 0.35, cy = 0.3, r = 0.8): string {
    const id = this.id("r");
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopMarkup(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A linear gradient in the shape's bounding box, from (x1, y1) to (x2, y2). */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id("l");
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A clip path from a shape's markup; returns the `clip-path` attribute value. */
  clip(shape: string): string {
    const id = this.id("c");
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  /** Everything collected, plus the shared blur filters. */
  defsMarkup(): string {
    return `<defs>
      <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
      <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
      <filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="3"/></filter>
      ${this.defs.join("\n")}
    </defs>`;
  }
}

const stopMarkup = (stops: readonly Stop[]) =>
  stops
    .map(([offset, color, opacity]) =>
      opacity === undefined
        ? `<stop offset="${offset}" stop-color="${color}"/>`
        : `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
    )
    .join("");

/** Rounds for compact markup. */
export const n = (value: number): string => String(Math.round(value * 10) / 10);

/** A soft white gloss, the one thing that makes flat shapes read as shiny fruit. */
export function highlight(x: number, y: number, rx: number, ry: number, angle = -30, opacity = 0.55): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" transform="rotate(${angle} ${n(x)} ${n(y)})"
    fill="#fff" opacity="${opacity}" filter="url(#glow)"/>`;
}

/** A pointed leaf with a midrib, base at (x, y), pointing along `angle` degrees. */
export function leaf(
  c: Canvas,
  x: number,
  y: number,
  length: number,
  angle: number,
  colors: LeafColors = LEAF,
): string {
  const w = length * 0.36;
  const fill = c.linear(
    [
      [0, colors[0]],
      [1, colors[1]],
    ],
    0,
    0,
    1,
    1,
  );
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle})">
    <path d="M0 0 C${n(length * 0.25)} ${n(-w)} ${n(length * 0.7)} ${n(-w)} ${n(length)} 0 C${n(length * 0.7)} ${n(w)} ${n(length * 0.25)} ${n(w)} 0 0Z" fill="${fill}"/>
    <path d="M${n(length * 0.05)} 0 Q${n(length * 0.5)} ${n(-w * 0.12)} ${n(length * 0.92)} 0" stroke="${colors[2]}" stroke-width="${n(Math.max(1.5, length / 40))}" fill="none" stroke-linecap="round" opacity="0.8"/>
  </g>`;
}

/** Leaf colours: [light, dark, vein]. */
export type LeafColors = readonly [string, string, string];
export const LEAF: LeafColors = ["#8fd45f", "#3f9a36", "#d8f5b8"];
export const DARK_LEAF: LeafColors = ["#5cb85c", "#24733a", "#bfe8c0"];

/** A curved woody stem from (x1, y1) to (x2, y2). */
export function stem(x1: number, y1: number, x2: number, y2: number, width = 8, color = "#7a5230"): string {
  const mx = (x1 + x2) / 2 + (y2 - y1) * 0.15;
  const my = (y1 + y2) / 2;
  return `<path d="M${n(x1)} ${n(y1)} Q${n(mx)} ${n(my)} ${n(x2)} ${n(y2)}" stroke="${color}" stroke-width="${width}"
    stroke-linecap="round" fill="none"/>`;
}

/** Tiny dots scattered over a circle of radius r (citrus pores, bloom, freckles); deterministic. */
export function dots(
  count: number,
  r: number,
  size: number,
  color: string,
  opacity: number,
  seed = 1,
): string {
  const random = rng(seed);
  let out = "";
  for (let index = 0; index < count; index += 1) {
    const angle = random() * Math.PI * 2;
    const distance = Math.sqrt(random()) * r;
    out += `<circle cx="${n(Math.cos(angle) * distance)}" cy="${n(Math.sin(angle) * distance)}" r="${n(size)}"/>`;
  }
  return `<g fill="${color}" opacity="${opacity}">${out}</g>`;
}

/** A small deterministic random generator, so regenerated images come out the same. */
export function rng(seed: number): () => number {
  let state = seed * 9301 + 49297;
  return () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
}

/** A closed blob whose radius wobbles `waves` times: lettuce frills, broccoli florets. */
export function frill(r: number, amplitude: number, waves: number, squashY = 1, phase = 0): string {
  const steps = waves * 8;
  const points: string[] = [];
  for (let index = 0; index <= steps; index += 1) {
    const t = (index / steps) * Math.PI * 2;
    const radius = r + amplitude * Math.sin(t * waves + phase);
    points.push(`${n(Math.cos(t) * radius)} ${n(Math.sin(t) * radius * squashY)}`);
  }
  return `M${points.join(" L")}Z`;
}

/** Wraps a drawing in a transform. */
export const place = (markup: string, x: number, y: number, scale = 1, angle = 0): string =>
  `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)}) scale(${Math.round(scale * 1000) / 1000})">${markup}</g>`;
