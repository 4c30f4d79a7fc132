import { z } from "./zod";
import { emailAsTypedField, emailField, LIMITS, textField } from "./common";

export const LOGIN_TOKEN = {
  ttlMs: 60 * 60 * 1000,
  maxUses: 5,
  /** 32 random bytes, base64url: 256 bits. */
  bytes: 32,
} as const;

export const EMAIL_LOGIN_RATE_LIMITS = {
  perAddress: { limit: 5, windowMs: 15 * 60 * 1000 },
  perIp: { limit: 100, windowMs: 60 * 60 * 1000 },
} as const;

/** POST /api/login: Identity Toolkit throttles per account only, and sees every attempt as ours. */
export const PASSWORD_LOGIN_RATE_LIMITS = {
  perUsername: { limit: 10, windowMs: 15 * 60 * 1000 },
  perIp: { limit: 100, windowMs: 60 * 60 * 1000 },
} as const;

// POST /api/auth/email
// The address keeps the case it was typed in (see emailAsTypedField); the server lower-cases it.
export const emailLoginRequestSchema = z.strictObject({
  email: emailAsTypedField("Please enter a valid email address"),
});
export type EmailLoginRequest = z.infer<typeof emailLoginRequestSchema>;

export const emailLoginResponseSchema = z.object({
  sent: z.literal(true),
  /** Only when the functions run in the emulator, so local testing needs no mailbox. */
  token: z.string().optional(),
  loginUrl: z.string().optional(),
});
export type EmailLoginResponse = z.infer<typeof emailLoginResponseSchema>;

// GET /api/auth/login?token=
export const tokenLoginQuerySchema = z.strictObject({
  token: textField("Login token is required").min(1, { error: "Login token is required" }).max(200, { error: "Login token is invalid" }),
});
export const tokenLoginResponseSchema = z.object({ email: z.string(), customToken: z.string() });
export type TokenLoginResponse = z.infer<typeof tokenLoginResponseSchema>;

// GET /api/auth/session
export const sessionResponseSchema = z.object({ authenticated: z.boolean(), email: z.string().nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

// POST /api/login and POST /api/register
const passwordField = textField("Password is required")
  .min(1, { error: "Password is required" })
  .max(LIMITS.password.max, { error: `Password must be at most ${LIMITS.password.max} characters` });

export const loginRequestSchema = z.strictObject({
  username: emailField("Please enter a valid email address"),
  password: passwordField,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.strictObject({
  username: emailField("Please enter a valid email address"),
  password: passwordField.check(z.minLength(LIMITS.password.min, { error: `Password must be at least ${LIMITS.password.min} characters` })),
  /** The deploy's ADMIN_SETUP_TOKEN: required outside the emulator. */
  setupToken: textField("Setup token must be text").max(LIMITS.setupToken, { error: "Setup token is invalid" }).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
