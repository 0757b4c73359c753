import type { ProductDetail } from "@fruit/core/browser/products";
import { Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useShop } from "../../../lib/shop-store.ts";
import { setRestockAlert, useRestockAlert } from "./restock-alert.ts";

/**
 * A sold-out product's "Notify me when it's back" (docs/decisions/039-restock-alerts.md): a visitor
 * is asked to sign in first; a shopper asks or withdraws; an administrator also sees how many wait.
 */
export function RestockAlertBox({ product }: { product: ProductDetail }) {
  const location = useLocation();
  const signedIn = useShop((s) => s.userInfo !== null);
  const { data, mutate } = useRestockAlert(product._id, true);
  const [busy, setBusy] = useState(false);
  if (!signedIn) {
    return (
      <Button
        component={Link}
        to={`/login?redirect=${encodeURIComponent(location.pathname)}`}
        variant="light"
        radius="xl"
      >
        Sign in to be told when it's back
      </Button>
    );
  }
  const toggle = async () => {
    setBusy(true);
    try {
      const next = await setRestockAlert(product._id, !data?.subscribed);
      await mutate(next, { revalidate: false });
      notifySuccess(
        next.subscribed ? `We will e-mail you when ${product.name} is back` : "You will not be told any more",
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      {data?.subscribed && <Text size="sm">We will e-mail you when it is back in stock.</Text>}
      <Button
        onClick={() => void toggle()}
        loading={busy || !data}
        variant={data?.subscribed ? "outline" : "filled"}
        radius="xl"
      >
        {data?.subscribed ? "Stop telling me" : "Notify me when it's back"}
      </Button>
      {data?.waiting !== undefined && (
        <Text size="sm" c="dimmed">
          {data.waiting === 1 ? "1 person is waiting" : `${data.waiting} people are waiting`} for it.
        </Text>
      )}
    </Stack>
  );
}
