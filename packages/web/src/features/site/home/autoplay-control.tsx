import { Button } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import Autoplay, { type AutoplayType } from "embla-carousel-autoplay";
import { useEffect, useRef, useState } from "react";
import { useT } from "../../../i18n/intl.tsx";

/**
 * An embla autoplay a shopper can stop (WCAG 2.2.2 Pause, Stop, Hide): it never starts under
 * `prefers-reduced-motion`, and the visible button beside the carousel pauses and resumes it.
 *
 * @example
 * const autoplay = useStoppableAutoplay(2000);
 * <Carousel plugins={[autoplay.plugin]} getEmblaApi={autoplay.onApi} />
 * <AutoplayButton autoplay={autoplay} />
 */
export function useStoppableAutoplay(delay: number) {
  const reducedMotion = useReducedMotion();
  const plugin = useRef<AutoplayType>(Autoplay({ delay, playOnInit: false, stopOnInteraction: false }));
  const [paused, setPaused] = useState(false);
  // The plugin can play only once the carousel has initialised it (getEmblaApi).
  const [ready, setReady] = useState(false);
  const playing = !paused && reducedMotion === false;
  useEffect(() => {
    if (!ready) return;
    if (playing) plugin.current.play();
    else plugin.current.stop();
  }, [playing, ready]);
  return {
    plugin: plugin.current,
    onApi: () => setReady(true),
    playing,
    paused,
    reducedMotion,
    toggle: () => setPaused((p) => !p),
  };
}

/** The visible pause / play button of a carousel (hidden under reduced motion: nothing moves). */
export function AutoplayButton({
  autoplay,
  controls,
}: {
  autoplay: ReturnType<typeof useStoppableAutoplay>;
  /** The carousel's id. */
  controls: string;
}) {
  const t = useT();
  if (autoplay.reducedMotion !== false) return null;
  return (
    <Button
      variant="default"
      size="xs"
      radius="xl"
      onClick={autoplay.toggle}
      aria-controls={controls}
      aria-pressed={autoplay.paused}
    >
      {autoplay.paused
        ? t({ id: "carousel.play", defaultMessage: "Play" })
        : t({ id: "carousel.pause", defaultMessage: "Pause" })}
    </Button>
  );
}
