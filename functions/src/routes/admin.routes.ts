import { Router } from "express";
import { defineRoute } from "./define-route";
import type { AppDeps } from "../services/deps";
import { exportFileName, exportLinksCsv } from "../services/export.service";

export function adminRoutes(deps: AppDeps): Router {
  const router = Router();

  // GET /api/admin/export-csv – every link as a CSV file
  defineRoute(router, "GET /admin/export-csv", async (_req, res) => {
    const csv = await exportLinksCsv();
    res
      .status(200)
      .set({ "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${exportFileName(deps.now())}"` })
      .send(csv);
  });

  return router;
}
