import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Snackbar, { type SnackbarCloseReason } from "@mui/material/Snackbar";
import { useRef, useState, type PointerEvent } from "react";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type Toast } from "./toast-store";

interface ToasterProps {
  toasts: Toast[];
  onDismiss: (id: number) => void;
  onRemove: (id: number) => void;
}

/** The toast area: bottom right, at most 420px wide from medium screens up. */
export function Toaster({ toasts, onDismiss, onRemove }: ToasterProps) {
  return (
    <>
      {toasts.map((toast) => (
        <ToastView
          key={toast.id}
          toast={toast}
          onDismiss={() => {
            onDismiss(toast.id);
          }}
          onExited={() => {
            onRemove(toast.id);
          }}
        />
      ))}
    </>
  );
}

function ToastView({ toast, onDismiss, onExited }: { toast: Toast; onDismiss: () => void; onExited: () => void }) {
  const swipe = useSwipeToDismiss(onDismiss);
  const destructive = toast.variant === "destructive";

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page must not hide the message before it can be read.
    if (reason === "clickaway") return;
    onDismiss();
  };

  return (
    <Snackbar
      open={toast.open}
      autoHideDuration={TOAST_DURATION_MS}
      onClose={handleClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      slotProps={{ transition: { onExited } }}
      sx={{ width: { md: "100%" }, maxWidth: { md: 420 } }}
    >
      <Alert
        role={destructive ? "alert" : "status"}
        severity={destructive ? "error" : "info"}
        variant={destructive ? "filled" : "standard"}
        icon={destructive ? undefined : false}
        onClose={onDismiss}
        closeText="Close"
        data-variant={toast.variant}
        {...swipe.handlers}
        sx={{
          width: "100%",
          boxShadow: 6,
          touchAction: "pan-y",
          transform: swipe.offset > 0 ? `translateX(${String(swipe.offset)}px)` : undefined,
          opacity: swipe.offset > 0 ? Math.max(0.3, 1 - swipe.offset / 300) : undefined,
          ...(destructive ? {} : { bgcolor: "background.paper", color: "text.primary", border: 1, borderColor: "divider" }),
        }}
      >
        <AlertTitle sx={{ mb: toast.description ? 0.5 : 0, fontWeight: 600 }}>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}

/** Swiping the toast to the right by the threshold dismisses it; a shorter swipe snaps back. */
function useSwipeToDismiss(onDismiss: () => void) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      // Leave the close button alone.
      if ((event.target as HTMLElement).closest("button")) return;
      startX.current = event.clientX;
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (startX.current === null) return;
      setOffset(Math.max(0, event.clientX - startX.current));
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      if (startX.current === null) return;
      const distance = event.clientX - startX.current;
      startX.current = null;
      setOffset(0);
      if (distance >= TOAST_SWIPE_THRESHOLD_PX) onDismiss();
    },
    onPointerCancel: () => {
      startX.current = null;
      setOffset(0);
    },
  };

  return { offset, handlers };
}
