import { z } from "./zod";
import { emailField, httpUrlField, LIMITS, textField } from "./common";

/**
 * GET /api/public/community: who runs this hub, as configured for the deployment (not stored in
 * Firestore). The web app names the community with it, links 'Join membership' and 'Join' to its
 * join page and prefills 'Contact Support' with its support address; outgoing e-mails use it too.
 */
export const communitySchema = z.strictObject({
  name: textField("Community name is required")
    .trim()
    .min(1, { error: "Community name is required" })
    .max(LIMITS.name, { error: `Community name must be ${LIMITS.name} characters or less` }),
  joinUrl: httpUrlField(),
  supportEmail: emailField("Invalid email address"),
});
export type Community = z.infer<typeof communitySchema>;

export { hubNameOf } from "./texts";
