/**
 * The Remix options, handed to Remix's Vite plugin by vite.config.ts (the build's own settings live there;
 * Tailwind runs through PostCSS in vite.config.ts).
 * @type {import('@remix-run/dev').VitePluginConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
