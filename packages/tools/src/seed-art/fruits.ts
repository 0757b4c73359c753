import { type Canvas, DARK_LEAF, dots, highlight, leaf, n, place, stem } from "./kit.ts";

/**
 * Orchard fruit and melons. Each drawing is centred on the origin, about 300 units across, lit from
 * the upper left (gradients are radial with their bright spot there) so a plate of them looks coherent.
 */
export type Drawing = (c: Canvas) => string;

const APPLE =
  "M0 -92 C45 -132 135 -112 132 -18 C130 68 78 128 28 122 C12 119 -12 119 -28 122 C-78 128 -130 68 -132 -18 C-135 -112 -45 -132 0 -92Z";

function apple(colors: readonly [string, string, string]): Drawing {
  return (c) => `
    <path d="${APPLE}" fill="${c.radial([
      [0, colors[0]],
      [0.55, colors[1]],
      [1, colors[2]],
    ])}"/>
    <path d="M-8 -92 Q0 -80 8 -92" stroke="${colors[2]}" stroke-width="5" fill="none" opacity="0.6"/>
    ${stem(0, -88, 10, -150, 9)}
    ${leaf(c, 12, -128, 78, -28)}
    ${highlight(-70, -40, 26, 44, 25)}
    ${highlight(-40, -78, 10, 8, 0, 0.7)}`;
}

export const redApple = apple(["#ff7b6b", "#e0262f", "#8f0f1f"]);
export const greenApple = apple(["#e4ff9a", "#8fd13f", "#4d8a1e"]);

export const pear: Drawing = (c) => `
  <path d="M0 -130 C32 -132 46 -96 50 -58 C55 -18 118 8 112 72 C106 132 52 152 0 152 C-52 152 -106 132 -112 72
    C-118 8 -55 -18 -50 -58 C-46 -96 -32 -132 0 -130Z" fill="${c.radial([
      [0, "#fbf59a"],
      [0.5, "#d9d54a"],
      [1, "#8d9a23"],
    ])}"/>
  ${dots(40, 95, 2, "#8a7a2a", 0.35, 3).replace("<g ", '<g transform="translate(0 60)" ')}
  <ellipse cx="40" cy="90" rx="40" ry="30" fill="#f29c4a" opacity="0.25" filter="url(#soft)"/>
  ${stem(0, -126, 14, -170, 8)}
  ${leaf(c, 12, -152, 70, -20)}
  ${highlight(-62, 40, 22, 46, 15)}`;

export const peach: Drawing = (c) => `
  <circle r="126" fill="${c.radial(
    [
      [0, "#fff0c2"],
      [0.35, "#ffc07a"],
      [0.75, "#f47a5c"],
      [1, "#c8444b"],
    ],
    0.3,
    0.3,
    0.85,
  )}"/>
  <path d="M-6 -118 C40 -60 42 40 -2 124" stroke="#c8514d" stroke-width="6" fill="none" opacity="0.45" filter="url(#glow)"/>
  ${stem(0, -120, 4, -146, 9)}
  ${leaf(c, 4, -138, 86, -35)}
  ${leaf(c, 0, -138, 60, 205, DARK_LEAF)}
  ${highlight(-62, -44, 28, 40, 30, 0.45)}`;

export const plum: Drawing = (c) => `
  <ellipse rx="112" ry="128" fill="${c.radial([
    [0, "#b07ad8"],
    [0.5, "#6a2d8f"],
    [1, "#33104d"],
  ])}"/>
  <ellipse rx="112" ry="128" fill="#d9c8ef" opacity="0.18"/>
  ${dots(24, 90, 1.8, "#e8dcf7", 0.25, 7)}
  <path d="M6 -124 C44 -60 40 50 4 126" stroke="#2a0a40" stroke-width="5" fill="none" opacity="0.4"/>
  ${stem(2, -122, 10, -158, 7)}
  ${highlight(-56, -46, 20, 42, 25, 0.4)}`;

/** Half-moon slice: green skin, pale rind, red flesh and seeds. */
export const watermelonSlice: Drawing = (c) => {
  const arc = (r: number) => `M${-r} -40 A${r} ${r} 0 0 0 ${r} -40Z`;
  let seeds = "";
  for (let index = 0; index < 9; index += 1) {
    const t = (index + 0.5) / 9;
    const angle = Math.PI * t;
    const r = index % 2 === 0 ? 85 : 55;
    const x = -Math.cos(angle) * r;
    const y = -40 + Math.sin(angle) * r;
    seeds += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="6" ry="10" transform="rotate(${n(90 - t * 180)} ${n(x)} ${n(y)})"/>`;
  }
  return `
    <path d="${arc(160)}" fill="${c.linear([
      [0, "#4c9a2a"],
      [1, "#1f5e1a"],
    ])}"/>
    <path d="${arc(148)}" fill="#e7f7c8"/>
    <path d="${arc(134)}" fill="${c.radial(
      [
        [0, "#ff8a8a"],
        [0.6, "#f2394a"],
        [1, "#d81e3c"],
      ],
      0.5,
      0,
      1,
    )}"/>
    <g fill="#2b1a12">${seeds}</g>
    <path d="M-120 -40 L120 -40" stroke="#fff" stroke-width="4" opacity="0.35"/>
    ${highlight(-60, -10, 40, 10, 10, 0.3)}`;
};

/** A whole striped melon. */
export const watermelonWhole: Drawing = (c) => {
  const clip = c.clip('<ellipse rx="148" ry="110" transform="rotate(12)"/>');
  let stripes = "";
  for (let index = -4; index <= 4; index += 1) {
    const x = index * 36;
    stripes += `<path d="M${x} -120 C${x + 18} -60 ${x - 18} -20 ${x} 0 C${x + 18} 40 ${x - 18} 80 ${x} 120"
      stroke="#1d5a1c" stroke-width="14" fill="none"/>`;
  }
  return `
    <ellipse rx="150" ry="112" fill="${c.radial([
      [0, "#a8dc6c"],
      [0.6, "#5fae3a"],
      [1, "#2e6f22"],
    ])}"/>
    <g clip-path="${clip}" transform="rotate(-12)" opacity="0.75">${stripes}</g>
    ${highlight(-70, -52, 50, 20, -15, 0.35)}`;
};

export const watermelon: Drawing = (c) =>
  `${place(watermelonWhole(c), -40, -30, 0.8, -8)}${place(watermelonSlice(c), 40, 60, 0.85)}`;

/** A mango: an elongated, tilted oval, golden with a red blush and a green shoulder. */
const MANGO =
  "M-146 -6 C-146 -86 -46 -122 36 -106 C120 -90 162 -20 144 44 C126 108 36 124 -36 110 C-108 96 -146 56 -146 -6Z";

export const mango: Drawing = (c) => `
  <g transform="rotate(-24)">
    <path d="${MANGO}" fill="${c.linear(
      [
        [0, "#e8432c"],
        [0.3, "#ff8f2a"],
        [0.65, "#ffcf3a"],
        [1, "#a9c93a"],
      ],
      0,
      0.2,
      1,
      0.8,
    )}"/>
    <path d="${MANGO}" fill="${c.radial(
      [
        [0, "#fff", 0.5],
        [0.55, "#fff", 0],
      ],
      0.3,
      0.25,
      0.6,
    )}"/>
    <path d="M-120 30 C-60 70 40 80 120 40" stroke="#d9782a" stroke-width="5" fill="none" opacity="0.25" filter="url(#glow)"/>
    ${stem(-96, -92, -104, -128, 9, "#6b4a2b")}
    ${leaf(c, -102, -124, 108, -40, DARK_LEAF)}
    ${highlight(-60, -62, 50, 16, -5, 0.45)}
  </g>`;

/** A bunch of three bananas with dark tips and a shared crown. */
export const banana: Drawing = (c) => {
  const one = (dy: number, angle: number) => `
    <g transform="translate(0 ${dy}) rotate(${angle})">
      <path d="M-150 -40 C-110 100 100 110 146 -70 L132 -78 C92 40 -90 40 -128 -56Z" fill="${c.linear(
        [
          [0, "#fff08a"],
          [0.6, "#ffd52e"],
          [1, "#e0a514"],
        ],
        0,
        0,
        0,
        1,
      )}" stroke="#c98d12" stroke-width="2"/>
      <path d="M-150 -40 L-128 -56 L-140 -58Z" fill="#4a3418" stroke="#4a3418" stroke-width="6" stroke-linejoin="round"/>
      <path d="M-100 10 C-40 60 60 60 110 -20" stroke="#fff6c4" stroke-width="6" fill="none" opacity="0.7"/>
    </g>`;
  return `${one(-40, 8)}${one(0, 0)}${one(40, -6)}
    <path d="M128 -78 L160 -130 L176 -120 L148 -66Z" fill="#7a8f2a" stroke="#55651c" stroke-width="3"/>`;
};
