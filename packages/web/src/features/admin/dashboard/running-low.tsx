import type { LowStockEntry } from "@fruit/core/browser/alerts";
import { Anchor, Card, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";

/**
 * The dashboard's "Running low": products at or under their low-stock threshold (at most 20, fewest
 * left first), with how many shoppers wait for a restock; each links to its edit screen.
 */
export function RunningLow({ products }: { products: LowStockEntry[] }) {
  return (
    <Card withBorder radius="lg" padding="md" my="lg">
      <Title order={2} size="h4" mb="sm">
        Running low
      </Title>
      {products.length === 0 ? (
        <Text c="dimmed">Every product is above its low-stock threshold.</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>PRODUCT</Table.Th>
              <Table.Th ta="right">IN STOCK</Table.Th>
              <Table.Th ta="right">THRESHOLD</Table.Th>
              <Table.Th ta="right">WAITING</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((product) => (
              <Table.Tr key={product._id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/product/${product._id}`}>
                    {product.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{product.countInStock}</Table.Td>
                <Table.Td ta="right">{product.lowStockThreshold}</Table.Td>
                <Table.Td ta="right">{product.waiting}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
