// The build: Remix's Vite plugin (still @remix-run/* v2), with the Remix options of remix.config.js.
// Browser files are written to build/client/build/ and served from /build/ with a year-long immutable
// cache (their names carry a content hash); the server build is build/server/index.js.
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "tailwindcss";
import { defineConfig } from "vite";
import remixConfig from "./remix.config.js";
import { chunkOf } from "./scripts/client-chunks.js";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  css: { postcss: { plugins: [tailwindcss()] } },
  build: {
    assetsDir: "build",
    // the logo and other small files stay files (cached for a year), not inlined into every page
    assetsInlineLimit: 0,
    // the browser's scripts minified by terser, not esbuild: about 4 KB gzip less on every page (the exam page's
    // budget is 100 KB, and React Router 7's runtime is larger than Remix v2's: decision 0001). Its safe options only.
    ...(isSsrBuild ? {} : { minify: "terser" as const, terserOptions: { compress: { passes: 3 }, format: { comments: false } } }),
    // the server build keeps Rollup's own split; the browser's is chosen (scripts/client-chunks.js)
    rollupOptions: {
      output: {
        // images and stylesheets under /build/_assets/ (the addresses the classic build gave them)
        assetFileNames: "build/_assets/[name]-[hash][extname]",
        ...(isSsrBuild ? {} : { manualChunks: chunkOf }),
      },
    },
  },
  plugins: [remix(remixConfig)],
}));
