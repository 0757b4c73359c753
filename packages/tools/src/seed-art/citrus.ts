import type { Drawing } from "./fruits.ts";
import { dots, highlight, leaf, n } from "./kit.ts";

/** Citrus: whole fruit with pores and a leaf; the cut half shows segments. */
interface CitrusColors {
  light: string;
  mid: string;
  dark: string;
  pith: string;
  flesh: string;
  fleshDark: string;
}

function whole(colors: CitrusColors, rx: number, ry: number): Drawing {
  return (c) => `
    <ellipse rx="${rx}" ry="${ry}" fill="${c.radial([
      [0, colors.light],
      [0.5, colors.mid],
      [1, colors.dark],
    ])}"/>
    ${dots(120, Math.min(rx, ry) * 0.92, 1.6, colors.dark, 0.35, rx)}
    ${leaf(c, 6, -ry + 4, 84, -30)}
    <circle cx="4" cy="${-ry + 6}" r="6" fill="#6b8a2a"/>
    ${highlight(-rx * 0.45, -ry * 0.42, rx * 0.18, ry * 0.32, 35, 0.5)}`;
}

function half(colors: CitrusColors, r: number): Drawing {
  return (c) => {
    let segments = "";
    const count = 10;
    for (let index = 0; index < count; index += 1) {
      const a1 = (index / count) * Math.PI * 2 + 0.04;
      const a2 = ((index + 1) / count) * Math.PI * 2 - 0.04;
      const inner = r * 0.1;
      const outer = r * 0.8;
      segments += `<path d="M${n(Math.cos(a1) * inner)} ${n(Math.sin(a1) * inner)} L${n(Math.cos(a1) * outer)} ${n(
        Math.sin(a1) * outer,
      )} A${n(outer)} ${n(outer)} 0 0 1 ${n(Math.cos(a2) * outer)} ${n(Math.sin(a2) * outer)} Z"/>`;
    }
    const flesh = c.radial(
      [
        [0, colors.flesh],
        [1, colors.fleshDark],
      ],
      0.5,
      0.5,
      0.5,
    );
    return `
      <circle r="${r}" fill="${colors.mid}"/>
      <circle r="${r * 0.92}" fill="${colors.pith}"/>
      <g fill="${flesh}" stroke="${colors.fleshDark}" stroke-width="1.5" stroke-linejoin="round">${segments}</g>
      ${dots(60, r * 0.7, 2.2, "#ffffff", 0.45, 5)}
      <circle r="${r * 0.08}" fill="${colors.pith}"/>
      ${highlight(-r * 0.35, -r * 0.4, r * 0.25, r * 0.08, -35, 0.45)}`;
  };
}

/** The whole fruit behind its cut half. */
const pair =
  (a: Drawing, b: Drawing): Drawing =>
  (c) =>
    `<g transform="translate(-55 -35) scale(0.85)">${a(c)}</g><g transform="translate(70 55) scale(0.72)">${b(c)}</g>`;

const ORANGE = {
  light: "#ffd08a",
  mid: "#ff9a1f",
  dark: "#d2600a",
  pith: "#fff3dc",
  flesh: "#ffc04d",
  fleshDark: "#f08a12",
};
const LEMON = {
  light: "#fffbb0",
  mid: "#ffe53b",
  dark: "#d9b20a",
  pith: "#fffbe6",
  flesh: "#fff3a0",
  fleshDark: "#f5d63a",
};
const LIME = {
  light: "#d8f59a",
  mid: "#6cc13a",
  dark: "#2f7a1f",
  pith: "#f2fbe0",
  flesh: "#c6ec7a",
  fleshDark: "#8ccc3c",
};
const GRAPEFRUIT = {
  light: "#ffd9a8",
  mid: "#ffa36a",
  dark: "#d9653f",
  pith: "#fff0e6",
  flesh: "#ff8a7a",
  fleshDark: "#e0475a",
};

export const orange = whole(ORANGE, 126, 122);
export const orangeHalf = pair(orange, half(ORANGE, 126));
export const lime = whole(LIME, 112, 104);
export const limeHalf = pair(lime, half(LIME, 112));
export const grapefruit = whole(GRAPEFRUIT, 134, 130);
export const grapefruitHalf = pair(grapefruit, half(GRAPEFRUIT, 134));

/** A lemon: an oval with pointed ends. */
export const lemon: Drawing = (c) => `
  <path d="M-150 0 C-140 -20 -130 -30 -112 -50 C-80 -100 60 -110 112 -50 C130 -30 140 -20 152 0 C140 20 130 30 112 50
    C60 110 -80 100 -112 50 C-130 30 -140 20 -150 0Z" fill="${c.radial([
      [0, LEMON.light],
      [0.5, LEMON.mid],
      [1, LEMON.dark],
    ])}"/>
  ${dots(110, 88, 1.6, LEMON.dark, 0.35, 9)}
  ${leaf(c, 130, -20, 84, -50)}
  ${highlight(-50, -46, 46, 14, -10, 0.5)}`;
export const lemonHalf = pair(lemon, half(LEMON, 110));
