import type { Drawing } from "./fruits.ts";
import { dots, highlight, n, rng } from "./kit.ts";

/** Pineapple, kiwi and avocado (mango and banana are in fruits.ts). */

/** A golden pineapple: cross-hatched body under a crown of spiky leaves. */
export const pineapple: Drawing = (c) => {
  const clip = c.clip('<ellipse cx="0" cy="50" rx="98" ry="118"/>');
  let hatch = "";
  for (let index = -8; index <= 8; index += 1) {
    const x = index * 34;
    hatch += `<path d="M${x - 130} -80 L${x + 130} 180 M${x + 130} -80 L${x - 130} 180"/>`;
  }
  let eyes = "";
  for (let row = 0; row < 8; row += 1) {
    for (let col = -4; col <= 4; col += 1) {
      eyes += `<circle cx="${n(col * 34 + (row % 2) * 17)}" cy="${n(-55 + row * 26)}" r="3.5"/>`;
    }
  }
  const crownLeaf = (angle: number, length: number, color: string) =>
    `<path d="M-10 0 Q-8 ${n(-length * 0.6)} 0 ${-length} Q8 ${n(-length * 0.6)} 10 0Z" fill="${color}" transform="translate(0 -60) rotate(${angle})"/>`;
  return `
    ${[-60, 60, -40, 40, -20, 20, 0]
      .map((angle, index) => crownLeaf(angle, 120 - Math.abs(angle) * 0.6, index % 2 ? "#3f9a36" : "#5cb85c"))
      .join("")}
    <ellipse cx="0" cy="50" rx="98" ry="118" fill="${c.radial([
      [0, "#ffe27a"],
      [0.55, "#f2a81d"],
      [1, "#a85f0c"],
    ])}"/>
    <g clip-path="${clip}">
      <g stroke="#9b5a10" stroke-width="4" opacity="0.55">${hatch}</g>
      <g fill="#6b3d0a" opacity="0.6">${eyes}</g>
    </g>
    ${highlight(-45, 10, 16, 50, 12, 0.4)}`;
};

function kiwiHalf(r: number): Drawing {
  return (c) => {
    const random = rng(11);
    let seeds = "";
    for (let index = 0; index < 34; index += 1) {
      const angle = (index / 34) * Math.PI * 2;
      const distance = r * (0.38 + random() * 0.1);
      const x = Math.cos(angle) * distance;
      const y = Math.sin(angle) * distance;
      seeds += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="2.6" ry="5.5" transform="rotate(${n((angle * 180) / Math.PI + 90)} ${n(x)} ${n(y)})"/>`;
    }
    return `
      <circle r="${r}" fill="#8a6232"/>
      <circle r="${r * 0.93}" fill="${c.radial(
        [
          [0, "#f3ffd0"],
          [0.35, "#b8e063"],
          [1, "#62a82a"],
        ],
        0.5,
        0.5,
        0.5,
      )}"/>
      <ellipse rx="${r * 0.26}" ry="${r * 0.2}" fill="#fbfde8"/>
      <g fill="#1f1a10">${seeds}</g>
      ${highlight(-r * 0.4, -r * 0.45, r * 0.25, r * 0.08, -35, 0.4)}`;
  };
}

const kiwiWhole: Drawing = (c) => `
  <ellipse rx="130" ry="100" fill="${c.radial([
    [0, "#c49a62"],
    [0.6, "#8f6531"],
    [1, "#5a3b17"],
  ])}"/>
  ${dots(160, 95, 1.4, "#3e2810", 0.35, 13)}`;

export const kiwi: Drawing = (c) =>
  `<g transform="translate(-50 -30) rotate(-15)">${kiwiWhole(c)}</g><g transform="translate(62 52)">${kiwiHalf(92)(c)}</g>`;
export const kiwiSlices: Drawing = (c) =>
  `<g transform="translate(-75 -20)">${kiwiHalf(88)(c)}</g><g transform="translate(85 40)">${kiwiHalf(80)(c)}</g>`;

const AVOCADO =
  "M0 -130 C45 -130 60 -80 75 -40 C95 10 115 40 110 80 C102 130 55 150 0 150 C-55 150 -102 130 -110 80 C-115 40 -95 10 -75 -40 C-60 -80 -45 -130 0 -130Z";

const avocadoHalf: Drawing = (c) => `
  <path d="${AVOCADO}" fill="#2f5d1e"/>
  <path d="${AVOCADO}" transform="scale(0.9) translate(0 6)" fill="${c.radial(
    [
      [0, "#fbf7b0"],
      [0.55, "#d9e87a"],
      [1, "#86b83a"],
    ],
    0.5,
    0.62,
    0.6,
  )}"/>
  <circle cx="0" cy="48" r="52" fill="${c.radial([
    [0, "#d59a63"],
    [0.5, "#9c5b2c"],
    [1, "#5e3214"],
  ])}"/>
  ${highlight(-18, 30, 12, 20, 30, 0.5)}`;

const avocadoWhole: Drawing = (c) => `
  <path d="${AVOCADO}" fill="${c.radial([
    [0, "#5a7d3a"],
    [0.55, "#2f4d1e"],
    [1, "#1a2d10"],
  ])}"/>
  ${dots(90, 110, 2.5, "#0f1d08", 0.4, 17).replace("<g ", '<g transform="translate(0 30)" ')}
  <path d="M-6 -130 L-2 -146 L6 -146 L6 -128Z" fill="#6b4a2b"/>
  ${highlight(-40, -20, 14, 40, 20, 0.25)}`;

export const avocado: Drawing = (c) =>
  `<g transform="translate(-70 -10) rotate(-18) scale(0.88)">${avocadoWhole(c)}</g>
   <g transform="translate(65 20) rotate(12) scale(0.9)">${avocadoHalf(c)}</g>`;
export const avocadoPair: Drawing = (c) =>
  `<g transform="translate(-72 0) rotate(-10) scale(0.85)">${avocadoHalf(c)}</g>
   <g transform="translate(72 0) rotate(10) scale(0.85) scale(-1 1)">${avocadoHalf(c)}</g>`;
