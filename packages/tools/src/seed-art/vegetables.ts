import type { Drawing } from "./fruits.ts";
import { DARK_LEAF, frill, highlight, leaf, n, rng, stem } from "./kit.ts";

/** Vegetables: tomato, carrot, broccoli, eggplant, bell pepper and cucumber. */

/** A green star calyx seen from above (tomatoes, eggplants). */
function star(points: number, length: number, color: string, squash = 0.55): string {
  let out = "";
  for (let index = 0; index < points; index += 1) {
    const angle = (index / points) * 360;
    out += `<path d="M0 0 C${n(length * 0.4)} -9 ${n(length * 0.8)} -5 ${length} 0 C${n(length * 0.8)} 5 ${n(length * 0.4)} 9 0 0Z" transform="rotate(${n(angle)})"/>`;
  }
  return `<g fill="${color}" transform="scale(1 ${squash})">${out}</g>`;
}

export const tomato: Drawing = (c) => `
  <path d="M0 -100 C70 -112 130 -70 132 0 C134 70 80 118 0 118 C-80 118 -134 70 -132 0 C-130 -70 -70 -112 0 -100Z"
    fill="${c.radial([
      [0, "#ff8a6a"],
      [0.5, "#ec2f1f"],
      [1, "#9c1208"],
    ])}"/>
  <path d="M-40 -98 C-60 -60 -62 -30 -58 0 M40 -98 C60 -60 62 -30 58 0" stroke="#b31a10" stroke-width="4" fill="none" opacity="0.35"/>
  <g transform="translate(0 -100)">${star(6, 62, "#3f8f2f")}<circle r="10" fill="#2f7a22"/></g>
  ${stem(0, -104, 8, -138, 9, "#3f8f2f")}
  ${highlight(-62, -40, 22, 40, 30, 0.55)}`;

export const tomatoVine: Drawing = (c) => {
  const one = (x: number, y: number, s: number) =>
    `<g transform="translate(${x} ${y}) scale(${s})">${tomato(c)}</g>`;
  return `<path d="M-150 -100 Q0 -150 150 -100" stroke="#3f8f2f" stroke-width="9" fill="none"/>
    ${one(-90, 10, 0.55)}${one(90, 10, 0.55)}${one(0, 50, 0.68)}`;
};

export const carrot: Drawing = (c) => {
  const body = c.linear(
    [
      [0, "#ffb347"],
      [0.5, "#ff8216"],
      [1, "#d45a00"],
    ],
    0,
    0,
    1,
    0,
  );
  const one = (angle: number, dx: number) => `
    <g transform="translate(${dx} 0) rotate(${angle})">
      ${[-40, -15, 10, 35].map((a) => leaf(c, 0, -95, 95, -90 + a, a % 2 ? DARK_LEAF : undefined)).join("")}
      <path d="M-34 -96 C-40 -40 -20 60 0 160 C20 60 40 -40 34 -96 Q0 -110 -34 -96Z" fill="${body}"/>
      <path d="M-26 -40 L-8 -38 M12 -10 L28 -12 M-20 30 L-4 32 M8 70 L18 68 M-10 110 L0 112" stroke="#c05000"
        stroke-width="3" stroke-linecap="round" opacity="0.6"/>
      <path d="M-18 -80 C-22 -20 -10 40 -4 90" stroke="#fff" stroke-width="5" opacity="0.35" fill="none" stroke-linecap="round"/>
    </g>`;
  return `${one(-22, -60)}${one(20, 60)}${one(0, 0)}`;
};

export const broccoli: Drawing = (c) => {
  const random = rng(21);
  const floret = c.radial([
    [0, "#8fd46a"],
    [0.6, "#3f9a36"],
    [1, "#1e5e22"],
  ]);
  let florets = "";
  const spots: [number, number, number][] = [
    [-95, -30, 52],
    [95, -30, 52],
    [-50, -80, 56],
    [50, -80, 56],
    [0, -110, 54],
    [-20, -30, 58],
    [40, -20, 54],
  ];
  for (const [x, y, r] of spots) {
    florets += `<path d="${frill(r, 5, 9, 1, random() * 6)}" transform="translate(${x} ${y})" fill="${floret}"/>`;
    for (let index = 0; index < 7; index += 1) {
      const a = random() * Math.PI * 2;
      const d = random() * r * 0.7;
      florets += `<circle cx="${n(x + Math.cos(a) * d)}" cy="${n(y + Math.sin(a) * d)}" r="${n(4 + random() * 5)}" fill="#2a6e26" opacity="0.5"/>`;
    }
  }
  return `
    <path d="M-30 150 C-28 90 -40 40 -80 0 L80 0 C40 40 28 90 30 150 Q0 160 -30 150Z" fill="${c.linear(
      [
        [0, "#c9eaa0"],
        [1, "#7cbf4f"],
      ],
      0,
      0,
      1,
      0,
    )}"/>
    <path d="M-10 60 C-20 30 -40 10 -60 0 M10 60 C20 30 40 10 60 0" stroke="#a6d67c" stroke-width="14" fill="none"/>
    ${florets}
    ${highlight(-60, -100, 22, 12, -30, 0.35)}`;
};

export const eggplant: Drawing = (c) => `
  <g transform="rotate(-30)">
    <path d="M-40 -110 C-10 -130 40 -120 60 -60 C80 0 120 60 100 120 C80 170 -10 170 -60 120 C-100 80 -70 -10 -72 -50
      C-74 -80 -62 -100 -40 -110Z" fill="${c.radial([
        [0, "#b582d6"],
        [0.45, "#5d2387"],
        [1, "#2a0b40"],
      ])}"/>
    ${highlight(-30, 10, 14, 70, -8, 0.45)}
    <path d="M-50 -100 C-60 -70 -20 -60 -10 -90 C10 -60 50 -70 45 -100 C60 -100 30 -135 0 -130 C-30 -130 -60 -110 -50 -100Z"
      fill="#4f8f2f"/>
    <path d="M0 -128 L6 -168 L22 -166 L14 -126Z" fill="#5c8f34"/>
  </g>`;

export const bellPepper: Drawing = (c) => `
  <path d="M-110 -70 C-140 0 -130 80 -100 120 C-80 150 -40 140 -20 125 C0 150 40 150 60 125 C90 150 130 110 125 50
    C130 -10 120 -60 100 -80 C70 -110 30 -100 0 -88 C-40 -105 -90 -100 -110 -70Z" fill="${c.radial([
      [0, "#ff7a62"],
      [0.5, "#e21b1b"],
      [1, "#8e0b0b"],
    ])}"/>
  <path d="M-20 -86 C-40 -20 -40 60 -20 125 M60 -80 C80 -20 80 60 60 125" stroke="#a50f0f" stroke-width="6" fill="none" opacity="0.35"/>
  <path d="M-40 -92 Q0 -112 40 -92 Q20 -80 0 -82 Q-20 -80 -40 -92Z" fill="#3f8f2f"/>
  <path d="M-4 -96 C-8 -130 10 -150 34 -156" stroke="#4f9a34" stroke-width="16" stroke-linecap="round" fill="none"/>
  ${highlight(-78, -10, 12, 56, 4, 0.5)}
  ${highlight(20, -20, 8, 40, 0, 0.35)}`;

const cucumberBody = (c: Parameters<Drawing>[0]) => `
  <rect x="-160" y="-38" width="320" height="76" rx="38" fill="${c.linear([
    [0, "#6fbf4a"],
    [0.45, "#2f7d2a"],
    [1, "#184d18"],
  ])}"/>
  <path d="M-130 -16 L130 -16 M-140 8 L140 8" stroke="#a6dc7c" stroke-width="5" opacity="0.35" stroke-dasharray="28 14"/>
  ${highlight(-40, -22, 90, 6, 0, 0.35)}`;

const cucumberSlice = (c: Parameters<Drawing>[0], r: number) => {
  let seeds = "";
  for (let index = 0; index < 8; index += 1) {
    const a = (index / 8) * Math.PI * 2;
    seeds += `<ellipse cx="${n(Math.cos(a) * r * 0.4)}" cy="${n(Math.sin(a) * r * 0.4)}" rx="3" ry="6" transform="rotate(${n((a * 180) / Math.PI + 90)} ${n(Math.cos(a) * r * 0.4)} ${n(Math.sin(a) * r * 0.4)})"/>`;
  }
  return `<circle r="${r}" fill="#2f7d2a"/><circle r="${r * 0.88}" fill="${c.radial(
    [
      [0, "#f4ffe0"],
      [1, "#b6e08a"],
    ],
    0.5,
    0.5,
    0.5,
  )}"/><g fill="#e8f5cf" stroke="#9cc46e" stroke-width="1">${seeds}</g>`;
};

export const cucumber: Drawing = (c) =>
  `<g transform="rotate(-28) translate(0 -20)">${cucumberBody(c)}</g>
   <g transform="translate(80 90)">${cucumberSlice(c, 48)}</g>`;
export const cucumberSlices: Drawing = (c) =>
  `<g transform="translate(-70 -40)">${cucumberSlice(c, 70)}</g><g transform="translate(70 -10)">${cucumberSlice(c, 64)}</g>
   <g transform="translate(0 80)">${cucumberSlice(c, 66)}</g>`;
