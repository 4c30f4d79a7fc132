import { z } from "@hub/contract/zod";
import type { CurrentUser } from "@hub/contract/users";

const submitterDetailsSchema = z.object({ name: z.string(), email: z.string() });
export type SubmitterDetails = z.infer<typeof submitterDetailsSchema>;

/** What browser storage holds, or null when it holds nothing usable. */
export function parseSubmitterDetails(stored: string | null): SubmitterDetails | null {
  if (!stored) return null;
  try {
    const parsed = submitterDetailsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function serializeSubmitterDetails(details: SubmitterDetails): string {
  return JSON.stringify({ name: details.name.trim(), email: details.email.trim() });
}

/**
 * The form's starting name and e-mail. A member may only submit for their own address, so their
 * session e-mail wins; an admin (who may submit for others) gets the remembered one back.
 */
export function initialSubmitterDetails(
  user: Pick<CurrentUser, "email" | "displayName" | "isAdmin">,
  remembered: SubmitterDetails | null,
): SubmitterDetails {
  const email = user.isAdmin && remembered?.email ? remembered.email : user.email;
  return { name: remembered?.name || user.displayName || "", email };
}
