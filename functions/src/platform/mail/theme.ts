/**
 * The mails' colours. Inline styles carry the light ones (every client keeps inline styles); the
 * dark ones are a `prefers-color-scheme` block that overrides them by class with `!important`, which
 * clients that honour the media query (Apple Mail, iOS, Outlook for Mac) apply and others skip. Every
 * pair keeps WCAG AA contrast (4.5:1) for small text.
 */
export const LIGHT = {
  page: "#f3f4f6",
  card: "#ffffff",
  text: "#111827",
  muted: "#4b5563",
  rule: "#e5e7eb",
  link: "#3730a3",
  button: "#4338ca",
  buttonText: "#ffffff",
} as const;

export const DARK = {
  page: "#0b0f19",
  card: "#1f2937",
  text: "#f9fafb",
  muted: "#d1d5db",
  rule: "#374151",
  link: "#c7d2fe",
  button: "#a5b4fc",
  buttonText: "#111827",
} as const;

/** Class names the dark block targets; inline styles give the same elements their light colours. */
export const CLASS = {
  page: "mail-page",
  card: "mail-card",
  text: "mail-text",
  muted: "mail-muted",
  rule: "mail-rule",
  link: "mail-link",
  button: "mail-button",
  secondaryButton: "mail-button-secondary",
} as const;

export const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The <style> block: long words and addresses wrap on a phone; the dark palette when the reader asks for it. */
export const MAIL_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin: 0; padding: 0; -webkit-text-size-adjust: 100%; }
.${CLASS.card} p, .${CLASS.card} li, .${CLASS.card} h1, .${CLASS.card} h2, .${CLASS.card} a { overflow-wrap: anywhere; word-break: break-word; }
@media (prefers-color-scheme: dark) {
  body, .${CLASS.page} { background-color: ${DARK.page} !important; }
  .${CLASS.card} { background-color: ${DARK.card} !important; color: ${DARK.text} !important; }
  .${CLASS.text} { color: ${DARK.text} !important; }
  .${CLASS.muted} { color: ${DARK.muted} !important; }
  .${CLASS.rule} { border-color: ${DARK.rule} !important; }
  .${CLASS.link} { color: ${DARK.link} !important; }
  .${CLASS.button} { background-color: ${DARK.button} !important; color: ${DARK.buttonText} !important; border-color: ${DARK.button} !important; }
  .${CLASS.secondaryButton} { background-color: transparent !important; color: ${DARK.link} !important; border-color: ${DARK.link} !important; }
}
`;
