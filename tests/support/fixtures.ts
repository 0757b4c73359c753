import { newId } from "@fruit/core/ids";
import { signToken } from "@fruit/core/internal/users/token";
import * as products from "@fruit/core/products";
import * as users from "@fruit/core/users";

/**
 * Test fixtures: accounts and products made through the same core verbs the API uses, so their
 * items have exactly the shapes in docs/data-model.md.
 */
export interface TestUser {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  password: string;
  token: string;
  /** `{ Authorization: "Bearer <token>" }` */
  auth: Record<string, string>;
}

let counter = 0;

/**
 * An account made through the accounts verb (email uniqueness item included). Fixtures hash at
 * bcrypt cost 4 to keep suites fast; accounts made through the API use cost 10.
 */
export async function createUser(
  options: { isAdmin?: boolean; name?: string; email?: string; password?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const name = options.name ?? `User ${counter}`;
  const email = options.email ?? `user${counter}-${newId().slice(-6).toLowerCase()}@example.com`;
  const password = options.password ?? "password123";
  const user = await users.create(
    { name, email, password, isAdmin: options.isAdmin === true },
    { bcryptCost: 4 },
  );
  const token = await signToken(user._id, 0, user.name);
  return { ...user, password, token, auth: { Authorization: `Bearer ${token}` } };
}

export interface TestProductInput {
  name?: string;
  slug?: string;
  price?: number;
  countInStock?: number;
  category?: string;
  brand?: string;
  /** Default: by the kilogram, in steps of 1 kg (step and stock in the unit). */
  unit?: "kg" | "piece";
  step?: number;
  /** Default: `standard` (docs/decisions/046-zones-and-tax-classes.md). */
  taxClass?: string;
}

/** A product made through the catalogue verb (product and slug items in one transaction). */
export async function createProduct(input: TestProductInput = {}): Promise<{
  _id: string;
  slug: string;
  name: string;
  image: string;
  price: number;
  unit: "kg" | "piece";
  step: number;
}> {
  counter += 1;
  const name = input.name ?? `Product ${counter}`;
  const product = await products.create({
    name,
    slug: input.slug ?? `product-${counter}-${newId().slice(-6).toLowerCase()}`,
    category: input.category ?? "Fruits",
    brand: input.brand ?? "Farm",
    price: input.price ?? 5,
    countInStock: input.countInStock ?? 10,
    ...(input.unit ? { unit: input.unit } : {}),
    ...(input.step ? { step: input.step } : {}),
    ...(input.taxClass ? { taxClass: input.taxClass } : {}),
    image: "/images/seed/apple/800.webp",
    images: [],
    description: `${name} description`,
  });
  return {
    _id: product._id,
    slug: product.slug,
    name: product.name,
    image: product.image,
    price: product.price,
    unit: product.unit,
    step: product.step,
  };
}
