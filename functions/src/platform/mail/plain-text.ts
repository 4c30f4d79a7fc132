import { hubNameOf, type Community } from "@hub/contract/community";
import type { MailAction } from "./layout";

/** The text part of a mail in the layout (layout.tsx): the same words, every address spelled out. */
export interface PlainTextMail {
  community: Community | null;
  /** Paragraphs, as they are to read (a list is one paragraph of lines). */
  body: string[];
  action?: MailAction;
  afterAction?: string[];
  footer: string;
}

/** A button in the text part: its words, then its address on a line of its own (easy to copy). */
export const actionText = (action: MailAction, indent = "") => `${indent}${action.label}:\n${indent}${action.url}`;

export function plainTextMail({ community, body, action, afterAction = [], footer }: PlainTextMail): string {
  const hub = hubNameOf(community ?? undefined);
  const paragraphs = ["Hello,", ...body, ...(action ? [actionText(action)] : []), ...afterAction];
  const signOff = community ? `--\n${hub}\nQuestions? Write to ${community.supportEmail}` : `--\n${hub}`;
  return `${paragraphs.join("\n\n")}\n\n${signOff}\n\n${footer}\n`;
}
