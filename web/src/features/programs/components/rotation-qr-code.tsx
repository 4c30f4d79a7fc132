import ButtonBase from "@mui/material/ButtonBase";
import { toSvgPath } from "lean-qr/extras/svg";
import { correction, generate } from "lean-qr/nano";
import { lazy, Suspense, useMemo, useState } from "react";
import { qrCodeFileName } from "../utils/public-program-list";
import { compactQrPath } from "../utils/qr-path";
import { ERROR_CORRECTION } from "./rotation-qr-level";

// The large code for print (MUI's Dialog and a canvas) loads when someone opens it.
const RotationQrDialog = lazy(() => import("./rotation-qr-dialog"));

interface RotationQrCodeProps {
  address: string;
  programName: string;
}

/**
 * A QR code of the rotation address: small on the card, large (and downloadable) in a dialog for
 * print or sharing. The card loads this module after its first paint (see PublicProgramCard).
 */
export default function RotationQrCode({ address, programName }: RotationQrCodeProps) {
  const [open, setOpen] = useState(false);
  // mounted from the first opening on, so that the dialog can play its closing transition
  const [opened, setOpened] = useState(false);

  return (
    <>
      <ButtonBase
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
        aria-label={`Show QR code of ${programName}`}
        // the server-rendered page's island opens the code large with this before the app runs, and
        // saves it as PNG under this name (public/visitor-island.js)
        data-qr={qrCodeFileName(programName)}
        sx={{ flexShrink: 0, p: 0.5, borderRadius: 1, border: 1, borderColor: "divider", bgcolor: "#fff" }}
      >
        <SmallQrCode value={address} />
      </ButtonBase>
      {opened ? (
        <Suspense fallback={null}>
          <RotationQrDialog
            open={open}
            onClose={() => {
              setOpen(false);
            }}
            address={address}
            programName={programName}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The card's code, 88 px, drawn as one SVG path. lean-qr's smallest build (about 3 KB of gzip with
 * its SVG path) draws it: every visitor's phone downloads this with /programs, where qrcode.react
 * took 7 KB; the path is written compactly (utils/qr-path.ts), as it is in the page once per card.
 * The dialog's large code for print stays with qrcode.react, loaded when opened.
 */
function SmallQrCode({ value }: { value: string }) {
  const { size, path } = useMemo(() => {
    const code = generate(value, { minCorrectionLevel: correction[ERROR_CORRECTION] });
    return { size: code.size, path: compactQrPath(toSvgPath(code)) };
  }, [value]);
  return (
    <svg viewBox={`0 0 ${String(size)} ${String(size)}`} width={88} height={88} shapeRendering="crispEdges" aria-hidden>
      <path d={path} fill="#000" />
    </svg>
  );
}
