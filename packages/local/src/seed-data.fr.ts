/**
 * The demo catalogue's French texts (docs/decisions/050-i18n-formatjs.md), by slug: each product's
 * name and description, and each category's name. Pure data beside seed-data.ts.
 */
export const FRENCH_CATEGORIES: Readonly<Record<string, string>> = {
  Berries: "Petits fruits",
  Fruits: "Fruits",
  Citrus: "Agrumes",
  Tropical: "Fruits tropicaux",
  Vegetables: "Légumes",
  Greens: "Verdures et fines herbes",
};

/** [name, description] by slug. */
export const FRENCH_PRODUCTS: Readonly<Record<string, readonly [string, string]>> = {
  strawberry: [
    "Fraises",
    "Fraises mûries au soleil et cueillies à l’aube, rouges jusqu’au cœur et gorgées de sucre.",
  ],
  cherry: ["Cerises douces", "Cerises foncées et charnues, croquantes et juteuses. Parfaites à la poignée."],
  blueberry: ["Bleuets", "Bleuets sucrés et acidulés, parfaits sur le gruau ou les crêpes du matin."],
  raspberry: ["Framboises", "Framboises délicates et parfumées, cueillies à la main en petits casseaux."],
  grapes: [
    "Raisins rouges sans pépins",
    "Raisins rouges croquants et sucrés, frais sortis du réfrigérateur.",
  ],
  watermelon: [
    "Melon d’eau sans pépins",
    "Un melon lourd à chair rouge, croquant et désaltérant, presque sans pépins.",
  ],
  apple: [
    "Pommes rouges croquantes",
    "Pommes rouges croquantes au goût de miel, cultivées en verger d’altitude.",
  ],
  "green-apple": [
    "Pommes Granny Smith",
    "Pommes vertes acidulées qui se tiennent en tarte et brillent en salade.",
  ],
  pear: [
    "Poires Bartlett",
    "Poires Bartlett fondantes, du vert au doré en mûrissant. Divines avec un fromage fort.",
  ],
  peach: ["Pêches blanches", "Pêches blanches parfumées à la chair fondante et florale."],
  plum: [
    "Prunes italiennes",
    "Prunes italiennes à la pruine violette et à la chair ambrée, superbes en croustade.",
  ],
  orange: ["Oranges navel", "Oranges navel sans pépins, sucrées et juteuses, au parfum vif."],
  lemon: [
    "Citrons Meyer",
    "Citrons Meyer à peau fine, plus doux et floraux, pour vinaigrettes, gâteaux et boissons.",
  ],
  lime: ["Limes perses", "Limes juteuses et vives pour salsas, caris et rafraîchissements d’été."],
  grapefruit: [
    "Pamplemousses rouges",
    "Pamplemousses à chair rubis, entre acidulé et sucré, pour un déjeuner ensoleillé.",
  ],
  mango: [
    "Mangues miel",
    "Mangues soyeuses sans fibres, au parfum de miel et d’abricot. L’aubaine du mois, au kilo.",
  ],
  pineapple: ["Ananas doré", "Ananas doré très sucré et peu acide, au parfum tropical."],
  kiwi: [
    "Kiwis verts",
    "Kiwis vert émeraude, acidulés et sucrés, avec le croquant de leurs petites graines.",
  ],
  banana: [
    "Bananes Cavendish",
    "Bananes crémeuses cueillies vertes et mûries doucement pour vous arriver à point.",
  ],
  avocado: [
    "Avocats Hass",
    "Avocats Hass à la chair riche et beurrée, prêts à écraser sur une rôtie d’ici un jour ou deux.",
  ],
  tomato: ["Tomates en grappe", "Tomates mûries sur la vigne, d’une douceur profonde et savoureuse."],
  carrot: [
    "Carottes en botte",
    "Carottes sucrées et croquantes avec leurs fanes. Rôties entières ou crues en collation.",
  ],
  broccoli: [
    "Couronnes de brocoli",
    "Couronnes de brocoli bien serrées aux tiges tendres, vapeur, rôties ou sautées.",
  ],
  eggplant: [
    "Aubergine",
    "Aubergine violette et brillante, à la chair crémeuse qui fond dans les caris et les trempettes.",
  ],
  "bell-pepper": [
    "Poivrons rouges",
    "Poivrons rouges à paroi épaisse, sucrés et croquants, à rôtir, farcir ou trancher.",
  ],
  cucumber: ["Concombres anglais", "Concombres longs à peau fine, inutile de les peler. Frais et croquants."],
  lettuce: [
    "Laitue Boston",
    "Feuilles de laitue tendres et beurrées, pour les salades délicates et les wraps.",
  ],
  spinach: [
    "Bébés épinards",
    "Jeunes feuilles d’épinards lavées, prêtes pour la salade, le smoothie ou la poêle.",
  ],
  basil: [
    "Basilic",
    "Basilic parfumé aux feuilles brillantes, le cœur d’un vrai pesto ou d’une salade caprese.",
  ],
  mint: [
    "Menthe du jardin",
    "Menthe fraîche et aromatique pour tisanes, mojitos, taboulé et salades de fruits.",
  ],
};
