import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The SPA. In `npm run dev` the local runtime serves this through Vite's middleware, so /api and
 * /images are answered by the same process; `VITE_API_ORIGIN` is only for running Vite on its own.
 */
const apiOrigin = process.env.VITE_API_ORIGIN ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { "/api": apiOrigin, "/images": apiOrigin },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    cssCodeSplit: true,
    manifest: true,
  },
});
