import { createHash } from "node:crypto";

/** SHA-256, hex: for document ids that must not carry a name, an e-mail or a token in clear. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
