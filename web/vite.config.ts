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
  build: isSsrBuild
    ? {}
    : {
        // which chunks each route needs, for the prerendered pages' modulepreload links (prerender-pages.ts)
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // What the entry imports statically (React, the router, MUI's core, the session) in four
              // chunks, each evaluated in a task of its own by the prerendered pages' loader
              // (public/hydrate-after-paint.js): evaluated together they were one task of about 100 ms
              // on a phone's CPU, half of it the theme's construction, and every tap waited for it.
              // A page names them all for preloading, so a phone fetches them side by side.
              // What loads later (Firebase Auth, the contract and zod, the pages, admin, analytics,
              // dialogs) keeps its own chunks.
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ["$initial"], priority: 3 },
                { name: "emotion", test: /node_modules[\\/](@emotion|stylis)[\\/]/, tags: ["$initial"], priority: 3 },
                { name: "mui-system", test: /node_modules[\\/]@mui[\\/](system|utils|styled-engine|private-theming)[\\/]/, tags: ["$initial"], priority: 3 },
                { name: "mui", test: /node_modules[\\/]@mui[\\/]/, tags: ["$initial"], priority: 3 },
                { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 2 },
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
