import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "@fruit/core/db/client";
import { newId } from "@fruit/core/ids";
import { toCents } from "@fruit/core/money/pricing";
import { productKeys } from "@fruit/core/products/product.keys";
import * as users from "@fruit/core/users/index";
import { signToken } from "@fruit/core/users/token";

/**
 * Test fixtures. Until the accounts and catalogue verbs exist these write items of the shapes in
 * docs/data-model.md; the accounts work may switch them to the core verbs (same signatures).
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
  const token = await signToken(user._id);
  return { ...user, password, token, auth: { Authorization: `Bearer ${token}` } };
}

export interface TestProductInput {
  name?: string;
  slug?: string;
  price?: number;
  countInStock?: number;
  category?: string;
  brand?: string;
}

export async function createProduct(
  input: TestProductInput = {},
): Promise<{ _id: string; slug: string; name: string; price: number }> {
  const id = newId();
  counter += 1;
  const name = input.name ?? `Product ${counter}`;
  const slug = input.slug ?? `product-${counter}-${id.slice(-6).toLowerCase()}`;
  const category = input.category ?? "Fruits";
  const price = input.price ?? 5;
  const now = new Date().toISOString();
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...productKeys.item(id),
              ...productKeys.listIndex(id),
              ...productKeys.categoryIndex(category, id),
              id,
              name,
              slug,
              category,
              brand: input.brand ?? "Farm",
              priceCents: toCents(price),
              countInStock: input.countInStock ?? 10,
              image: "/images/seed/apple.webp",
              images: [],
              description: `${name} description`,
              rating: 0,
              numReviews: 0,
              createdAt: now,
              updatedAt: now,
            },
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: { ...productKeys.slug(slug), productId: id },
            ConditionExpression: "attribute_not_exists(pk)",
          },
        },
      ],
    }),
  );
  return { _id: id, slug, name, price };
}
