import ButtonBase from "@mui/material/ButtonBase";
import { QRCodeSVG } from "qrcode.react";
import { lazy, Suspense, useState } from "react";
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
        sx={{ flexShrink: 0, p: 0.5, borderRadius: 1, border: 1, borderColor: "divider", bgcolor: "#fff" }}
      >
        <QRCodeSVG value={address} size={88} level={ERROR_CORRECTION} marginSize={0} aria-hidden />
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
