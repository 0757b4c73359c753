import "@mantine/carousel/styles.css";

/** The home page's embla carousels, in one chunk fetched when they approach the viewport. */
export { LogoCarousel } from "./logo-carousel.tsx";
export { Testimonials } from "./testimonials.tsx";
