import path from "node:path"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"

const here = path.dirname(fileURLToPath(import.meta.url))
const port = Number(process.env.STOREFRONT_PORT || 8000)

/** The components' `"use client"` (for Next.js) means nothing to a Vite bundle: blank it, keeping every position. */
const blankUseClient = {
  name: "blank-use-client",
  enforce: "pre",
  transform(code) {
    const directive = /^(["'])use client\1;?/
    return directive.test(code) ? { code: code.replace(directive, (match) => " ".repeat(match.length)), map: null } : null
  },
}

/**
 * The demo storefront, built from the plugin's own entries: the package
 * names resolve to this repository's source, as the built package's
 * `exports` resolve them in a store. JSX through esbuild; no React plugin.
 */
export default defineConfig({
  root: here,
  plugins: [blankUseClient],
  envPrefix: "STOREFRONT_",
  resolve: {
    alias: {
      "medusa-pickup-point/storefront": path.resolve(here, "../src/storefront/index.ts"),
      "medusa-pickup-point/react": path.resolve(here, "../src/react/index.ts"),
    },
    dedupe: ["react", "react-dom"],
  },
  esbuild: { jsx: "automatic" },
  server: { port, strictPort: true, host: "localhost" },
  preview: { port, strictPort: true, host: "localhost" },
  build: {
    // Under .demo (ignored by git and by `medusa develop`'s watcher, which restarts on new files elsewhere).
    outDir: path.resolve(here, "../.demo/storefront"),
    emptyOutDir: true,
  },
})
