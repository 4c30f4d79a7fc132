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
              // Everything the entry imports statically (React, the router, MUI's core, the session)
              // in one chunk, instead of half a dozen shared chunks that a phone fetches one by one
              // before the page can work. What loads later (Firebase Auth, the contract and zod, the
              // pages, admin, analytics, dialogs) keeps its own chunks.
              groups: [{ name: "app", tags: ["$initial"] }],
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
