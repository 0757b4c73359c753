import { Group, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useT } from "../../../i18n/intl.tsx";
import classes from "./home.module.css";

/**
 * docs/product.md §2: a decorative countdown starting at 20 days, 14 hours, 80 mins, 420 secs (its odd
 * minutes and seconds kept as written). The seconds tick down and wrap; nothing actually expires.
 */
const START = { days: 20, hours: 14, mins: 80, secs: 420 };

export function Countdown() {
  const [secs, setSecs] = useState(START.secs);
  const t = useT();
  useEffect(() => {
    const timer = window.setInterval(() => setSecs((s) => (s <= 0 ? START.secs : s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const units = [
    { value: START.days, label: t({ id: "countdown.days", defaultMessage: "days" }) },
    { value: START.hours, label: t({ id: "countdown.hours", defaultMessage: "hours" }) },
    { value: START.mins, label: t({ id: "countdown.mins", defaultMessage: "mins" }) },
    { value: secs, label: t({ id: "countdown.secs", defaultMessage: "secs" }) },
  ];
  return (
    <Group
      gap="sm"
      aria-label={t(
        { id: "countdown.label", defaultMessage: "Offer ends in {days} days, {hours} hours" },
        { days: START.days, hours: START.hours },
      )}
      role="timer"
    >
      {units.map((unit) => (
        <div key={unit.label} className={classes.countBox} aria-hidden="true">
          <Text fw={800} fz={26} c="orange.8" lh={1.1}>
            {unit.value}
          </Text>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {unit.label}
          </Text>
        </div>
      ))}
    </Group>
  );
}
