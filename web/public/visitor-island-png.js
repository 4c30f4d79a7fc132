// The visitor island's *Download PNG* (public/visitor-island.js), loaded when a visitor asks for it:
// the dialog's QR code drawn on a canvas and saved under the name the card gives it (qrCodeFileName,
// src/features/programs/utils/public-program-list.ts), as the app's dialog saves it.

/** @param {HTMLDialogElement} dialog the island's dialog: the code (<svg>) and its file name (data-file) */
export default async function savePng(dialog) {
  const image = new Image();
  // the code's quiet zone is in its viewBox; its size (256 px) in its width and height
  image.src = `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(/** @type {Element} */ (dialog.querySelector("svg"))))}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 256;
  const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  context.fillStyle = "#fff";
  context.fillRect(0, 0, 256, 256);
  context.drawImage(image, 0, 0);
  const link = document.createElement("a");
  link.href = canvas.toDataURL("image/png");
  link.download = dialog.dataset.file ?? "";
  link.click();
}
