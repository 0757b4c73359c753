import type { Product } from "@fruit/core/browser/products";
import { Table } from "@mantine/core";
import { AdminTable, RowActions } from "../shared/admin-table.tsx";
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
    <AdminTable headers={HEADERS} empty={products.length === 0 && "No products yet"}>
      {products.map((product) => (
        <Table.Tr key={product._id}>
          <Table.Td ff="monospace" fz="xs">
            {product._id}
          </Table.Td>
          <Table.Td>{product.name}</Table.Td>
          <Table.Td>{money(product.price)}</Table.Td>
          <Table.Td>{product.category}</Table.Td>
          <Table.Td>{product.brand}</Table.Td>
          <RowActions
            to={`/admin/product/${product._id}`}
            label="Edit"
            deleting={deleting}
            onDelete={() => onDelete(product)}
          />
        </Table.Tr>
      ))}
    </AdminTable>
  );
}
