/**
 * The longest start of `text` within `maxBytes` of UTF-8, never half a character: what a document of
 * bounded size keeps of an outside text. Linear; a lone surrogate counts as the three bytes of the
 * replacement character it is stored as.
 */
export function utf8Prefix(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text;
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(Math.max(0, maxBytes)));
  return text.slice(0, read);
}
