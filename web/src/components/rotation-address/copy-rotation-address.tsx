import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { useToastMutation } from "@/components/toasts/index";
import { absoluteOnThisSite } from "@/lib/urls";

/** A program's public rotation address with a copy button (admin's program card, the open /programs page). */
export function CopyRotationAddress({ redirectUrl, programName }: { redirectUrl: string; programName?: string }) {
  const address = absoluteOnThisSite(redirectUrl);
  const copy = useToastMutation({
    mutationFn: (text: string) => navigator.clipboard.writeText(text),
    // the clipboard needs no network
    networkMode: "always",
    success: { title: "Copied", description: "Rotation address copied to the clipboard" },
    error: { title: "Copy failed", description: "Unable to copy the rotation address" },
  });

  // The browser's own tooltip (title): MUI's Tooltip and Popper would cost a visitor's phone about
  // 15 KB of gzip on /programs, loaded as the cards render, for a hint a phone never shows; lazily
  // swapping it in on hover would remount the button under the pointer or the focus.
  const button = (
    <IconButton
      size="small"
      title="Copy rotation address"
      aria-label={programName ? `Copy rotation address of ${programName}` : "Copy rotation address"}
      onClick={() => copy.mutate(address)}
      // the server-rendered /programs page's island copies with this before the app runs (public/visitor-island.js)
      data-copy=""
    >
      <ContentCopyIcon fontSize="small" />
    </IconButton>
  );

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
      <Typography variant="body2" component="code" data-address="" sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
        {address}
      </Typography>
      {button}
    </Box>
  );
}
