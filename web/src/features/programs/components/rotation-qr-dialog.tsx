import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DownloadIcon from "@mui/icons-material/Download";
import { QRCodeCanvas } from "qrcode.react";
import { useId, useRef } from "react";
import { ResponsiveDialog } from "@/components/responsive/index";
import { qrCodeFileName } from "../utils/public-program-list";
import { ERROR_CORRECTION } from "./rotation-qr-level";

interface RotationQrDialogProps {
  open: boolean;
  onClose: () => void;
  address: string;
  programName: string;
}

/** The rotation address's QR code, large, to print or download as PNG (opened from the card's small one). */
export default function RotationQrDialog({ open, onClose, address, programName }: RotationQrDialogProps) {
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
    <ResponsiveDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs">
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
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
