import type { Product } from "@fruit/core/products/product.schema";
import { Button, Group, Table, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { AdminTable } from "../shared/admin-table.tsx";
import { money } from "../shared/format.ts";

const HEADERS = ["ID", "NAME", "PRICE", "CATEGORY", "BRAND", "ACTIONS"];

/** The admin products table: ID, NAME, PRICE, CATEGORY, BRAND, ACTIONS (Edit, Delete). */
export function ProductsTable({
  products,
  deleting,
  onDelete,
}: {
  products: Product[];
  deleting: boolean;
  onDelete: (product: Product) => void;
}) {
  return (
    <AdminTable headers={HEADERS}>
      {products.length === 0 && (
        <Table.Tr>
          <Table.Td colSpan={HEADERS.length}>
            <Text c="dimmed">No products yet</Text>
          </Table.Td>
        </Table.Tr>
      )}
      {products.map((product) => (
        <Table.Tr key={product._id}>
          <Table.Td ff="monospace" fz="xs">
            {product._id}
          </Table.Td>
          <Table.Td>{product.name}</Table.Td>
          <Table.Td>{money(product.price)}</Table.Td>
          <Table.Td>{product.category}</Table.Td>
          <Table.Td>{product.brand}</Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="light" component={Link} to={`/admin/product/${product._id}`}>
                Edit
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                disabled={deleting}
                onClick={() => onDelete(product)}
              >
                Delete
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </AdminTable>
  );
}
