// The bundle goes into the Python package, so that an installed cattable serves it (`cattable serve`).
import { defineConfig } from "vite";

export default defineConfig({
  base: "/",
  build: {
    outDir: "../src/cattable/interfaces/web/static",
    emptyOutDir: true,
    target: "es2022", // top-level await: i18n.ts loads the catalogue before any sentence is made,
    sourcemap: false,
    // The tower's chunk is three.js with the tower's table (about 600 kB, 150 kB gzipped): it loads only
    // when a tower table opens, so the lobby and the other tables never fetch it. Warn above that.
    chunkSizeWarningLimit: 700,
  },
  server: { proxy: { "/api": "http://127.0.0.1:8000", "/ws": { target: "ws://127.0.0.1:8000", ws: true } } },
});
