import { describeSlot } from "@fruit/core/browser/delivery";
import { Anchor, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router-dom";
import { pickPath } from "../../orders/index.ts";
import { ErrorState, LoadingState } from "../shared/screen-state.tsx";
import { usePickList } from "./api.ts";
import css from "./pick-list.module.css";

const units = (unit: string, quantity: number) => (unit === "kg" ? `${quantity} kg` : `${quantity}`);

/**
 * /admin/delivery/:id/picklist — a window's paid orders, each linking to its picking screen, and the
 * total to pick per product; prints cleanly.
 */
export function PickListPage() {
  const { id = "" } = useParams();
  const { data, error, isLoading } = usePickList(id);
  if (isLoading) return <LoadingState />;
  if (error || !data) return <ErrorState error={error} />;
  return (
    <Container size="lg" py="xl" className={css.sheet}>
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Pick list · {describeSlot(data.slot)}
          </Title>
          <Button className={css.noPrint} onClick={() => window.print()}>
            Print
          </Button>
        </Group>
        <Text>
          {data.orders.length} paid {data.orders.length === 1 ? "order" : "orders"} · {data.slot.booked}{" "}
          booked of {data.slot.capacity} seats
        </Text>
        <section>
          <Title order={2} size="h4" mb="xs">
            To pick
          </Title>
          <table>
            <thead>
              <tr>
                <th>Product</th>
                <th className={css.quantity}>Quantity</th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((product) => (
                <tr key={product._id}>
                  <td>{product.name}</td>
                  <td className={css.quantity}>{units(product.unit, product.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {data.orders.map((order) => (
          <section key={order._id}>
            <Title order={2} size="h5">
              {order.customer} · {order.shippingAddress.address}, {order.shippingAddress.postalCode}{" "}
              {order.shippingAddress.city}
            </Title>
            <Group gap="sm">
              <Text size="xs" ff="monospace">
                {order._id}
              </Text>
              <Anchor
                component={Link}
                to={pickPath(order._id)}
                size="sm"
                className={css.noPrint}
                aria-label={`Pick and weigh order ${order._id}`}
              >
                Pick and weigh
              </Anchor>
            </Group>
            <table>
              <tbody>
                {order.lines.map((line) => (
                  <tr key={line._id}>
                    <td>{line.name}</td>
                    <td className={css.quantity}>{units(line.unit, line.quantity)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </Stack>
    </Container>
  );
}
