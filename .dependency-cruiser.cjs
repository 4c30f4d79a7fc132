// dependency-cruiser: `npm run lint` refuses a circle of imports, type-only ones included (ESLint's
// import rules see one file at a time; the levels of eslint.config.mjs refuse upward imports).
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module never reaches itself through its imports, type-only or dynamic ones included.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // type-only imports count: they tie the modules' meaning together as much as the others
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "\\.test\\.tsx?$", "(^|/)lib/", "(^|/)dist/"] },
  },
};
