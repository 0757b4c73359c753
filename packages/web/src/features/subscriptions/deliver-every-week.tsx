import { Button } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useT } from "../../i18n/intl.tsx";
import { loadMessages } from "../../i18n/load-messages.ts";
import { useShop } from "../../lib/shop-store.ts";

/** One item of a new subscription: the product and its quantity in the product's unit. */
export interface WeeklyItem {
  _id: string;
  name: string;
  quantity: number;
}

/** The dialog and, on a French page, its part of the messages (i18n/message-parts.ts), loaded on opening. */
const SubscribeModal = lazy(() =>
  Promise.all([import("./subscribe-modal.tsx"), loadMessages("subscribe-dialog")]).then(([m]) => ({
    default: m.SubscribeModal,
  })),
);

/**
 * "Deliver every week" (docs/product.md §13): the items of a product page or the cart as a standing
 * order — one of the shop's weekly windows, every week or every other week from its next date, to
 * one of the shopper's saved addresses (the default first) or the checkout's. Signed out, it leads
 * to sign-in first.
 */
export function DeliverEveryWeekButton({
  items,
  fullWidth = false,
}: {
  items: WeeklyItem[];
  fullWidth?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const user = useShop((state) => state.userInfo);
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
  if (items.length === 0) return null;
  const start = () =>
    user ? setOpen(true) : navigate(`/login?redirect=${encodeURIComponent(location.pathname)}`);
  return (
    <>
      <Button variant="light" radius="xl" fullWidth={fullWidth} onClick={start}>
        {t({ id: "subscribe.open", defaultMessage: "Deliver every week" })}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SubscribeModal items={items} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
