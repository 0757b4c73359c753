import { useEffect, useState } from "react";

/** Spec §9: the navigation bar changes style once the page has scrolled 80 px. */
export const NAVBAR_SCROLL_THRESHOLD = 80;

export function useScrolledPast(threshold = NAVBAR_SCROLL_THRESHOLD): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return past;
}
