import { blueberry, cherry, grapes, raspberry, strawberry } from "./berries.ts";
import {
  grapefruit,
  grapefruitHalf,
  lemon,
  lemonHalf,
  lime,
  limeHalf,
  orange,
  orangeHalf,
} from "./citrus.ts";
import {
  banana,
  greenApple,
  mango,
  peach,
  pear,
  plum,
  redApple,
  watermelon,
  watermelonSlice,
} from "./fruits.ts";
import { basil, lettuce, mint, spinach } from "./greens.ts";
import type { Art } from "./scene.ts";
import { avocado, avocadoPair, kiwi, kiwiSlices, pineapple } from "./tropical.ts";
import {
  bellPepper,
  broccoli,
  carrot,
  cucumber,
  cucumberSlices,
  eggplant,
  tomato,
  tomatoVine,
} from "./vegetables.ts";

/** Which drawing, second view and pastel backdrop each seeded product uses, by slug. */
export const ART: Record<string, Art> = {
  strawberry: { hero: strawberry, bg: ["#fff0f0", "#ffc6cc"] },
  cherry: { hero: cherry, bg: ["#fff0f3", "#f9c4d2"] },
  blueberry: { hero: blueberry, bg: ["#eef2ff", "#c8d3f5"] },
  raspberry: { hero: raspberry, bg: ["#fff0f5", "#f8c6da"] },
  grapes: { hero: grapes, bg: ["#f8effa", "#e6c9ee"] },
  watermelon: { hero: watermelon, alt: watermelonSlice, bg: ["#eefaea", "#c6ebb8"] },
  apple: { hero: redApple, bg: ["#fff0ee", "#ffc9c2"] },
  "green-apple": { hero: greenApple, bg: ["#f3fbe3", "#d4eeb0"] },
  pear: { hero: pear, bg: ["#fdfae6", "#efe6a8"] },
  peach: { hero: peach, bg: ["#fff4ea", "#ffd4bd"] },
  plum: { hero: plum, bg: ["#f6efff", "#dccaf2"] },
  orange: { hero: orange, alt: orangeHalf, bg: ["#fff6e8", "#ffd9a6"] },
  lemon: { hero: lemon, alt: lemonHalf, bg: ["#fffde6", "#fbf0a0"] },
  lime: { hero: lime, alt: limeHalf, bg: ["#f1fbe6", "#cdebb0"] },
  grapefruit: { hero: grapefruit, alt: grapefruitHalf, bg: ["#fff1ec", "#ffcdbf"] },
  mango: { hero: mango, bg: ["#fff8e2", "#ffdf9e"] },
  pineapple: { hero: pineapple, bg: ["#fffbe4", "#f7e29a"] },
  kiwi: { hero: kiwi, alt: kiwiSlices, bg: ["#f4fbe6", "#d6ecb4"] },
  banana: { hero: banana, bg: ["#fffbe0", "#fbe98e"] },
  avocado: { hero: avocado, alt: avocadoPair, bg: ["#f3f8e4", "#d6e6b0"] },
  tomato: { hero: tomato, alt: tomatoVine, bg: ["#fff0ea", "#ffcbbd"] },
  carrot: { hero: carrot, bg: ["#fff5e8", "#ffd8b0"] },
  broccoli: { hero: broccoli, bg: ["#eefaf0", "#c4e8c8"] },
  eggplant: { hero: eggplant, bg: ["#f5f0fb", "#dccdf0"] },
  "bell-pepper": { hero: bellPepper, bg: ["#fff0ec", "#ffc9bd"] },
  cucumber: { hero: cucumber, alt: cucumberSlices, bg: ["#effaf0", "#c8eac4"] },
  lettuce: { hero: lettuce, bg: ["#f3fbe8", "#d2edb4"] },
  spinach: { hero: spinach, bg: ["#eef8ea", "#c8e4bc"] },
  basil: { hero: basil, bg: ["#f1faea", "#cfeab8"] },
  mint: { hero: mint, bg: ["#ecfaf2", "#c4ebd4"] },
};
