import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { IMAGE_SIZES } from "./image-sizes.ts";
import { Picture } from "./picture.tsx";

const renderPicture = (src: string, alt = "Mango") =>
  render(
    <MantineProvider>
      <Picture src={src} alt={alt} sizes={IMAGE_SIZES.card} width={400} height={300} loading="lazy" />
    </MantineProvider>,
  );

describe("Picture", () => {
  it("asks for variants only: an AVIF source and a WebP img, every width, the display size, the box", () => {
    const { container } = renderPicture("/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/800.webp");
    const source = container.querySelector("picture > source") as HTMLSourceElement;
    const img = container.querySelector("picture > img") as HTMLImageElement;
    const widths = [160, 320, 480, 800, 1200, 1600];
    expect(source.type).toBe("image/avif");
    expect(source.getAttribute("srcset")).toBe(
      widths.map((w) => `/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/${w}.avif ${w}w`).join(", "),
    );
    expect(img.getAttribute("srcset")).toBe(
      widths.map((w) => `/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/${w}.webp ${w}w`).join(", "),
    );
    expect(source.getAttribute("sizes")).toBe(IMAGE_SIZES.card);
    expect(img.getAttribute("sizes")).toBe(IMAGE_SIZES.card);
    expect(img.getAttribute("src")).toBe("/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/800.webp");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["400", "300"]);
    expect(img.alt).toBe("Mango");
  });

  it("shows a URL that names no variant as it is (the blank product's placeholder)", () => {
    const { container } = renderPicture("/placeholder.svg");
    expect(container.querySelector("picture")).toBeNull();
    const img = container.querySelector("img") as HTMLImageElement;
    expect(img.getAttribute("src")).toBe("/placeholder.svg");
    expect(img.getAttribute("srcset")).toBeNull();
  });

  it("keeps a placeholder box of the same size when the variant is not there (yet)", () => {
    const { container } = renderPicture("/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/800.webp");
    fireEvent.error(container.querySelector("img") as HTMLImageElement);
    expect(container.querySelector("img")).toBeNull();
    const box = screen.getByRole("img", { name: "Mango" });
    expect(box.tagName).toBe("SPAN");
    expect(box.style.aspectRatio).toBe("400 / 300");
  });

  it("shows an original from before variants as it is, then its converted variants once it is gone", () => {
    const { container } = renderPicture("/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB.jpg");
    expect(container.querySelector("picture")).toBeNull();
    expect(container.querySelector("img")?.getAttribute("src")).toBe(
      "/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB.jpg",
    );
    fireEvent.error(container.querySelector("img") as HTMLImageElement);
    const img = container.querySelector("picture > img") as HTMLImageElement;
    expect(img.getAttribute("src")).toBe("/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/800.webp");
    expect(container.querySelector("picture > source")?.getAttribute("srcset")).toContain(
      "/images/01JD3W6M3E1T5ZK0Q7Y8X9V2AB/480.avif 480w",
    );
    fireEvent.error(img);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("img", { name: "Mango" }).tagName).toBe("SPAN");
  });
});
