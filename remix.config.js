import { flatRoutes } from "remix-flat-routes";

/**
 * The Remix options, handed to Remix's Vite plugin by vite.config.ts (the build's own settings live there;
 * Tailwind runs through PostCSS in vite.config.ts).
 * @type {import('@remix-run/dev').VitePluginConfig}
 */
export default {
  // Routes are grouped into folders by area (app/routes/_public+, _auth+, _student+, _exam+, api+, admin+ with
  // _tests+, _users+, _content+, _insight+, _backup+): remix-flat-routes reads a folder whose name ends in "+"
  // as part of a flat file name, and a folder starting with "_" adds nothing to the address
  // (admin+/_tests+/tests.$testId.edit.tsx is /admin/tests/:testId/edit, inside the admin layout).
  // Remix's own convention is turned off ("**/*") so only this one reads app/routes.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/__*.*"] }),
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
