import type { ProductDetail } from "@fruit/core/browser/products";
import { Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { useT } from "../../../i18n/intl.tsx";
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
  const t = useT();
  if (!signedIn) {
    return (
      <Button
        component={Link}
        to={`/login?redirect=${encodeURIComponent(location.pathname)}`}
        variant="light"
        radius="xl"
      >
        {t({ id: "restock.signIn", defaultMessage: "Sign in to be told when it's back" })}
      </Button>
    );
  }
  const toggle = async () => {
    setBusy(true);
    try {
      const next = await setRestockAlert(product._id, !data?.subscribed);
      await mutate(next, { revalidate: false });
      notifySuccess(
        next.subscribed
          ? t(
              { id: "restock.set", defaultMessage: "We will e-mail you when {name} is back" },
              { name: product.name },
            )
          : t({ id: "restock.unset", defaultMessage: "You will not be told any more" }),
      );
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      {data?.subscribed && (
        <Text size="sm">
          {t({ id: "restock.subscribed", defaultMessage: "We will e-mail you when it is back in stock." })}
        </Text>
      )}
      <Button
        onClick={() => void toggle()}
        loading={busy || !data}
        variant={data?.subscribed ? "outline" : "filled"}
        radius="xl"
      >
        {data?.subscribed
          ? t({ id: "restock.stop", defaultMessage: "Stop telling me" })
          : t({ id: "restock.ask", defaultMessage: "Notify me when it's back" })}
      </Button>
      {data?.waiting !== undefined && (
        <Text size="sm" c="dimmed">
          {t(
            {
              id: "restock.waiting",
              defaultMessage:
                "{count, plural, one {# person is waiting} other {# people are waiting}} for it.",
            },
            { count: data.waiting },
          )}
        </Text>
      )}
    </Stack>
  );
}
