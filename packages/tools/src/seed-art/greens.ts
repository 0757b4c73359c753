import type { Drawing } from "./fruits.ts";
import { frill, highlight, n } from "./kit.ts";

/** Leafy greens and herbs. */

/** A loose butterhead: concentric frilled layers, darker outside, pale at the heart. */
export const lettuce: Drawing = (c) => {
  const layers: [number, number, string, string][] = [
    [150, 12, "#6fbf3f", "#3a8a2a"],
    [125, 10, "#8fd45f", "#4f9e34"],
    [98, 9, "#b4e47f", "#6cb845"],
    [70, 7, "#d6f2a6", "#96d064"],
    [42, 5, "#eefbd0", "#c0e88e"],
  ];
  return layers
    .map(
      ([r, amp, light, dark], index) => `
      <path d="${frill(r, amp, 11 - index, 0.82, index)}" transform="translate(0 ${index * 6})" fill="${c.radial(
        [
          [0, light],
          [1, dark],
        ],
        0.45,
        0.4,
        0.7,
      )}" stroke="${dark}" stroke-width="2"/>`,
    )
    .join("")
    .concat(
      `<path d="M0 40 L-90 -40 M0 40 L90 -40 M0 40 L-60 100 M0 40 L60 100" stroke="#eaf9d4" stroke-width="4" opacity="0.45"/>`,
      highlight(-50, -50, 30, 10, -25, 0.35),
    );
};

/** A spade-shaped leaf on a stalk, base at the origin, pointing up. */
function broadLeaf(
  c: Parameters<Drawing>[0],
  length: number,
  width: number,
  colors: [string, string],
  pointed = false,
) {
  // Basil is round-ended and broad; mint narrows to a sharp tip.
  const tip = `0 ${-length}`;
  const bulge = pointed ? 0.45 : 0.7;
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
  const h = length * bulge;
  return `
    <path d="M0 ${-length * 0.18} C${n(width)} ${n(-h + 10)} ${n(width * (pointed ? 0.3 : 0.8))} ${n(-length * 0.92)} ${tip}
      C${n(-width * (pointed ? 0.3 : 0.8))} ${n(-length * 0.92)} ${n(-width)} ${n(-h + 10)} 0 ${-length * 0.18}Z" fill="${fill}"/>
    <path d="M0 0 L0 ${n(-length * 0.9)}" stroke="#eaf9d4" stroke-width="3" opacity="0.7"/>
    ${[0.35, 0.5, 0.65]
      .map(
        (t) =>
          `<path d="M0 ${n(-length * t)} L${n(width * 0.55)} ${n(-length * (t + 0.12))} M0 ${n(-length * t)} L${n(-width * 0.55)} ${n(-length * (t + 0.12))}" stroke="#eaf9d4" stroke-width="2" opacity="0.45"/>`,
      )
      .join("")}`;
}

function bunch(
  c: Parameters<Drawing>[0],
  angles: number[],
  length: number,
  width: number,
  colors: [string, string],
) {
  return angles
    .map(
      (angle, index) => `
      <g transform="translate(0 130) rotate(${angle})">
        <path d="M0 0 L0 ${n(-length * 0.4)}" stroke="#6cae3c" stroke-width="7" stroke-linecap="round"/>
        <g transform="translate(0 ${n(-length * 0.35)})">${broadLeaf(c, length - (index % 2) * 30, width, colors)}</g>
      </g>`,
    )
    .join("");
}

export const spinach: Drawing = (c) => `
  ${bunch(c, [-38, 38, -19, 19, 0], 215, 62, ["#4fa83a", "#1f5e22"])}
  <rect x="-16" y="100" width="32" height="22" rx="6" fill="#c9863f"/>`;

/** A sprig: paired leaves up a stem. */
function sprig(
  c: Parameters<Drawing>[0],
  colors: [string, string],
  leafLength: number,
  pointed: boolean,
  breadth = 0.42,
) {
  const pairs = [
    [110, 1],
    [40, 0.9],
    [-30, 0.75],
    [-90, 0.6],
  ] as const;
  let out = `<path d="M0 150 C-6 60 6 -40 0 -130" stroke="#5a9a34" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  for (const [y, s] of pairs) {
    for (const side of [-1, 1]) {
      out += `<g transform="translate(0 ${y}) rotate(${side * 58}) scale(${s})">${broadLeaf(c, leafLength, leafLength * breadth, colors, pointed)}</g>`;
    }
  }
  out += `<g transform="translate(0 -120) scale(0.5)">${broadLeaf(c, leafLength, leafLength * breadth, colors, pointed)}</g>`;
  return out;
}

export const basil: Drawing = (c) => `
  <g transform="translate(0 0) scale(1.15)">${sprig(c, ["#7fd35a", "#2f8a2a"], 104, false, 0.6)}</g>
  ${highlight(-60, 60, 18, 6, -50, 0.45)}${highlight(60, 60, 18, 6, 50, 0.45)}`;

export const mint: Drawing = (c) => `
  <g transform="translate(-40 0) rotate(-12)">${sprig(c, ["#a9e88c", "#3fa060"], 100, true)}</g>
  <g transform="translate(55 15) rotate(12) scale(0.9)">${sprig(c, ["#9be08a", "#2f8f55"], 100, true)}</g>`;
