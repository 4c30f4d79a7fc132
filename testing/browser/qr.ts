import jsQR from "jsqr";
import type { Locator } from "playwright-core";
import { PNG } from "pngjs";

/** What a QR code in a PNG image says, or null where no code can be read. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** Reads a QR code as a phone camera would: from the pixels on screen. */
export async function decodeQr(code: Locator): Promise<string | null> {
  return decodeQrPng(await code.screenshot());
}
