import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DownloadIcon from "@mui/icons-material/Download";
import { QRCodeCanvas, QRCodeSVG } from "qrcode.react";
import { useId, useRef, useState } from "react";
import { qrCodeFileName } from "../utils/public-program-list";

interface RotationQrCodeProps {
  address: string;
  programName: string;
}

// "M" survives a smudged print or a phone screen's glare and keeps the code small.
const ERROR_CORRECTION = "M";

/** A QR code of the rotation address: small on the card, large (and downloadable) in a dialog for print or sharing. */
export function RotationQrCode({ address, programName }: RotationQrCodeProps) {
  const [open, setOpen] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const titleId = useId();

  const download = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const anchor = document.createElement("a");
    anchor.href = canvas.toDataURL("image/png");
    anchor.download = qrCodeFileName(programName);
    anchor.click();
  };

  return (
    <>
      <ButtonBase
        onClick={() => {
          setOpen(true);
        }}
        aria-label={`Show QR code of ${programName}`}
        sx={{ flexShrink: 0, p: 0.5, borderRadius: 1, border: 1, borderColor: "divider", bgcolor: "#fff" }}
      >
        <QRCodeSVG value={address} size={88} level={ERROR_CORRECTION} marginSize={0} aria-hidden />
      </ButtonBase>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId} sx={{ overflowWrap: "anywhere" }}>
          {programName}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ alignItems: "center" }}>
            <QRCodeCanvas
              ref={canvasRef}
              value={address}
              size={256}
              level={ERROR_CORRECTION}
              marginSize={4}
              title={`QR code of the rotation address of ${programName}`}
              role="img"
              aria-label={`QR code of the rotation address of ${programName}`}
              style={{ width: "100%", maxWidth: 256, height: "auto" }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center" }}>
              Scan it to open the rotation address:
              <Typography component="code" variant="body2" sx={{ display: "block", fontFamily: "monospace", wordBreak: "break-all" }}>
                {address}
              </Typography>
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button startIcon={<DownloadIcon />} onClick={download}>
            Download PNG
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              setOpen(false);
            }}
          >
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
