import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { lazy, Suspense } from "react";
import { useToast } from "@/components/toasts/index";
import { absoluteUrl } from "@/lib/urls";

// The tooltip's code (MUI's Tooltip and Popper) loads after the first paint: the button works without it.
const Tooltip = lazy(() => import("@mui/material/Tooltip"));

/** A program's public rotation address with a copy button (admin's program card, the open /programs page). */
export function CopyRotationAddress({ redirectUrl, programName }: { redirectUrl: string; programName?: string }) {
  const { toast } = useToast();
  const address = absoluteUrl(redirectUrl, window.location.origin);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: "Copied", description: "Rotation address copied to the clipboard" });
    } catch {
      toast({ title: "Copy failed", description: "Unable to copy the rotation address", variant: "destructive" });
    }
  };

  const button = (
    <IconButton size="small" aria-label={programName ? `Copy rotation address of ${programName}` : "Copy rotation address"} onClick={() => void handleCopy()}>
      <ContentCopyIcon fontSize="small" />
    </IconButton>
  );

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
      <Typography variant="body2" component="code" sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
        {address}
      </Typography>
      <Suspense fallback={button}>
        <Tooltip title="Copy rotation address">{button}</Tooltip>
      </Suspense>
    </Box>
  );
}
