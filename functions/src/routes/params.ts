import type { Request } from "express";
import { z } from "zod";

const idParam = z.object({ id: z.string().min(1).max(200) });

/** The `:id` of a route, validated like every other input. */
export const idOf = (req: Request): string => idParam.parse(req.params).id;
