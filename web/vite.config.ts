import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const srcDir = fileURLToPath(new URL("./src", import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@\//, replacement: `${srcDir}/` }],
  },
  // The prerender (src/app/prerender.tsx, run once by the build in Node) takes its dependencies into
  // its own bundle, resolved as for the browser's: the same emotion, MUI and React code paths.
  ssr: { noExternal: true },
  // React's production build in the renderer whatever NODE_ENV the server has: vite 8.4 leaves
  // process.env.NODE_ENV to run time in an SSR build, which bundled react-dom's development build
  // beside the production one (1.83 MB instead of 1.29) and chose between them on each start.
  ...(isSsrBuild ? { define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
  build: isSsrBuild
    ? {}
    : {
        // which chunks each route needs, for the prerendered pages' modulepreload links (prerender-pages.ts)
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // What the entry imports statically in five chunks: React; MUI and emotion; the router
              // and TanStack Query; the theme; the app's own code (the session, the layout). The
              // prerendered pages' island (public/visitor-island.js) evaluates them one per task:
              // together they were one task of about 100 ms on a phone's CPU (half of it the theme's
              // construction), and every tap waited for it. Finer chunks cost more gzip than the
              // 160 KB budget of /programs leaves (issue 16). A page names them all for preloading,
              // so a phone fetches them side by side.
              // What loads later (Firebase Auth, the contract and zod, the pages, admin, analytics,
              // dialogs) keeps its own chunks.
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ["$initial"], priority: 3 },
                {
                  name: "mui",
                  test: /node_modules[\\/](@mui|@emotion|stylis|@babel|react-is|clsx|prop-types|react-transition-group|hoist-non-react-statics)[\\/]/,
                  tags: ["$initial"],
                  priority: 3,
                },
                { name: "libs", test: /node_modules[\\/]/, tags: ["$initial"], priority: 2 },
                { name: "theme", test: /src[\\/]app[\\/]theme\.ts$/, tags: ["$initial"], priority: 2 },
                { name: "app", tags: ["$initial"], priority: 1 },
              ],
            },
          },
        },
      },
  server: {
    // `vite dev` talks to the local suite's Hosting emulator, which routes /api to the functions.
    proxy: {
      "/api": { target: process.env.API_PROXY_TARGET ?? "http://127.0.0.1:5000", changeOrigin: false },
    },
  },
}));
