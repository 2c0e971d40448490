// Vite builds the page (web/) into the site: index.html and 404.html with their hashed assets
// under /assets/. The site build (src/build/page.ts) runs this config with `write: false` and writes
// the output through its own sink, so dist/ is one deterministic folder and stale assets are removed
// with the rest. The favicon and other fixed files are in public/, which the site build copies.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export const PAGE_ROOT = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: PAGE_ROOT,
  base: "/",
  publicDir: false,
  logLevel: "warn",
  json: { namedExports: true, stringify: false },
  build: {
    target: "es2022",
    outDir: fileURLToPath(new URL("../.tmp/page", import.meta.url)),
    emptyOutDir: true,
    assetsDir: "assets",
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rollupOptions: {
      input: { index: fileURLToPath(new URL("index.html", import.meta.url)), "404": fileURLToPath(new URL("404.html", import.meta.url)) },
    },
  },
});
