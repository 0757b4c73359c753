import { Loader } from "@mantine/core";
import { useEffect, useState } from "react";
import { useT } from "../../i18n/intl.tsx";
import classes from "./layout.module.css";

/** docs/product.md §9: a loading spinner covers the page for the first 1000 ms after it opens. */
export const INITIAL_SPINNER_MS = 1000;

export function FirstOpenSpinner() {
  const [visible, setVisible] = useState(true);
  const t = useT();
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), INITIAL_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div
      className={classes.boot}
      role="status"
      aria-label={t({ id: "layout.loading", defaultMessage: "Loading the shop" })}
    >
      <Loader color="green" size="lg" type="bars" />
    </div>
  );
}
