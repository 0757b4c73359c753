import type { Drawing } from "./fruits.ts";
import { DARK_LEAF, highlight, leaf, n, stem } from "./kit.ts";

/** Berries and grapes: small round fruit drawn as clusters. */

const STRAWBERRY =
  "M0 132 C-62 112 -126 30 -120 -40 C-115 -96 -58 -106 0 -88 C58 -106 115 -96 120 -40 C126 30 62 112 0 132Z";

/** A star of pointed sepals on top of a berry. */
function calyx(points: number, length: number, color: string): string {
  let out = "";
  for (let index = 0; index < points; index += 1) {
    const angle = -180 + (index / (points - 1)) * 180;
    out += `<path d="M0 0 C${n(length * 0.3)} -12 ${n(length * 0.7)} -8 ${n(length)} 0 C${n(length * 0.7)} 8 ${n(length * 0.3)} 12 0 0Z"
      transform="rotate(${n(angle + 12)})"/>`;
  }
  return `<g fill="${color}">${out}</g>`;
}

export const strawberry: Drawing = (c) => {
  const clip = c.clip(`<path d="${STRAWBERRY}"/>`);
  let seeds = "";
  for (let row = 0; row < 8; row += 1) {
    for (let col = -5; col <= 5; col += 1) {
      const x = col * 24 + (row % 2) * 12;
      const y = -68 + row * 25;
      seeds += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="3.5" ry="6" transform="rotate(${n(x / 6)} ${n(x)} ${n(y)})"/>`;
    }
  }
  return `
    <path d="${STRAWBERRY}" fill="${c.radial([
      [0, "#ff8a80"],
      [0.45, "#ec1c32"],
      [1, "#9e0f22"],
    ])}"/>
    <g clip-path="${clip}" fill="#ffe27a" opacity="0.95">${seeds}</g>
    ${highlight(-62, -30, 20, 42, 20, 0.45)}
    <g transform="translate(0 -88)">${calyx(7, 70, "#3f9a36")}${calyx(5, 52, "#6cc04a")}</g>
    ${stem(0, -92, 8, -140, 10, "#4f8f2f")}`;
};

/** Two cherries on joined stems with a leaf. */
export const cherry: Drawing = (c) => {
  const fill = c.radial([
    [0, "#ff6a70"],
    [0.45, "#c8102e"],
    [1, "#5e0618"],
  ]);
  const one = (x: number, y: number, r: number) => `
    <circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>
    <path d="M${x - 6} ${y - r + 4} Q${x} ${y - r + 14} ${x + 6} ${y - r + 4}" stroke="#5e0618" stroke-width="4" fill="none"/>
    ${highlight(x - r * 0.4, y - r * 0.35, r * 0.18, r * 0.32, 30, 0.6)}`;
  return `
    ${stem(-62, -4, 10, -138, 6, "#5b7a2a")}
    ${stem(64, 14, 10, -138, 6, "#5b7a2a")}
    ${leaf(c, 10, -136, 96, -20)}
    ${one(-66, 60, 72)}
    ${one(66, 76, 70)}`;
};

/** A heap of blueberries, each with its five-pointed crown. */
export const blueberry: Drawing = (c) => {
  const fill = c.radial([
    [0, "#8fa6e8"],
    [0.5, "#3b4fa0"],
    [1, "#1b2350"],
  ]);
  const positions: [number, number][] = [
    [-90, 40],
    [0, 50],
    [90, 40],
    [-45, -30],
    [45, -30],
    [-120, 100],
    [-40, 115],
    [45, 115],
    [120, 100],
  ];
  const berries = positions
    .map(
      ([x, y]) => `
    <circle cx="${x}" cy="${y}" r="50" fill="${fill}"/>
    <circle cx="${x}" cy="${y}" r="50" fill="#c9d4f2" opacity="0.15"/>
    <g transform="translate(${x + 8} ${y - 22})" fill="#1b2350">
      ${[0, 72, 144, 216, 288].map((a) => `<path d="M0 0 L-3 -10 L3 -10Z" transform="rotate(${a})"/>`).join("")}
      <circle r="5"/>
    </g>
    ${highlight(x - 22, y - 18, 9, 15, 30, 0.5)}`,
    )
    .join("");
  return `${leaf(c, 20, -60, 110, -40, DARK_LEAF)}${leaf(c, -10, -60, 90, -150)}${berries}`;
};

/** A raspberry: a dome of glossy drupelets under a little green cap. */
export const raspberry: Drawing = (c) => {
  const drupe = c.radial([
    [0, "#ff9ab0"],
    [0.5, "#e0245e"],
    [1, "#8a0f3a"],
  ]);
  let out = "";
  for (let row = 0; row < 8; row += 1) {
    const y = -90 + row * 28;
    const half = Math.sqrt(Math.max(0, 1 - ((y - 10) / 135) ** 2)) * 112;
    const count = Math.max(1, Math.round(half / 14));
    for (let index = 0; index < count; index += 1) {
      const x = -half + ((index + 0.5) / count) * half * 2;
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="19" fill="${drupe}"/>
        <circle cx="${n(x - 6)}" cy="${n(y - 7)}" r="4" fill="#fff" opacity="0.65"/>`;
    }
  }
  return `
    <ellipse cx="0" cy="15" rx="118" ry="135" fill="#a3133f"/>
    ${out}
    <g transform="translate(0 -112)">${leaf(c, 0, 0, 60, -160, DARK_LEAF)}${leaf(c, 0, 0, 60, -20, DARK_LEAF)}${leaf(c, 0, 0, 50, -90)}</g>`;
};

/** A bunch of red grapes hanging from a stem, with a vine leaf. */
export const grapes: Drawing = (c) => {
  const fill = c.radial([
    [0, "#e38ab0"],
    [0.5, "#9b2a5c"],
    [1, "#4e0f2c"],
  ]);
  const rows = [5, 5, 4, 3, 2, 1];
  let out = "";
  rows.forEach((count, row) => {
    for (let index = 0; index < count; index += 1) {
      const x = (index - (count - 1) / 2) * 50;
      const y = -60 + row * 42;
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="30" fill="${fill}"/>
        ${highlight(x - 10, y - 10, 6, 11, 30, 0.55)}`;
    }
  });
  return `
    ${leaf(c, 10, -110, 120, -30)}
    ${stem(0, -70, 8, -140, 9, "#6b4a2b")}
    ${out}`;
};
