import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const srcDir = fileURLToPath(new URL("./src", import.meta.url));

// reactfire imports every Firebase SDK for hooks we never call, and its module-level code keeps
// them from being tree-shaken (hundreds of kB). The browser uses Auth alone (all data comes
// through /api), so those imports get a stub that throws if anything ever calls it.
const unusedFirebaseSdk = fileURLToPath(new URL("./src/lib/unused-firebase-sdk.ts", import.meta.url));
const UNUSED_FIREBASE_SDKS = ["database", "firestore", "functions", "remote-config", "storage"];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${srcDir}/` },
      ...UNUSED_FIREBASE_SDKS.map((sdk) => ({ find: `firebase/${sdk}`, replacement: unusedFirebaseSdk })),
    ],
  },
  server: {
    // `vite dev` talks to the local suite's Hosting emulator, which routes /api to the functions.
    proxy: {
      "/api": { target: process.env.API_PROXY_TARGET ?? "http://127.0.0.1:5000", changeOrigin: false },
    },
  },
});
