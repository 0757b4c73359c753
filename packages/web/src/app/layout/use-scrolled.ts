import { useEffect, useState } from "react";

/** docs/product.md §9: the navigation bar changes style once the page has scrolled 80 px. */
export const NAVBAR_SCROLL_THRESHOLD = 80;

export function useScrolledPast(threshold = NAVBAR_SCROLL_THRESHOLD): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    // Reading scrollY right after a render forces a layout inside the render's task; in the next
    // frame the layout is due anyway.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, [threshold]);
  return past;
}
