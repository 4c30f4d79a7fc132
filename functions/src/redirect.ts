import type { Request, Response } from "express";

/**
 * GET /api/programs/{id}/redirect – the public rotation address. Programs do not exist yet in this
 * build, so every id is unknown: the contract's answer for that is 404 with a small HTML page.
 */
export function handleRedirect(_req: Request, res: Response): void {
  res
    .status(404)
    .set({ "Cache-Control": "private, no-store", "Content-Type": "text/html; charset=utf-8", "X-Content-Type-Options": "nosniff" })
    .send('<!doctype html><meta charset="utf-8"><title>Not found</title><p>This referral program does not exist or has no active links.</p>');
}
