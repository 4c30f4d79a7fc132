import Button from "@mui/material/Button";
import AdminPanelSettingsOutlinedIcon from "@mui/icons-material/AdminPanelSettingsOutlined";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useToast } from "@/components/toasts/index";
import { readStorage, STORAGE_KEYS } from "@/lib/browser-storage";
import { navigateNow } from "@/lib/navigate-now";
import { errorMessage } from "../utils/auth-errors";
import { useAuth } from "./use-auth";

/**
 * 'Back to Admin' on /dashboard, shown only to an admin who came through 'Log in as user' (the browser
 * flag): signs the admin back in and returns to /admin. If that fails, the admin logs in again at /auth.
 */
export function BackToAdminButton() {
  const { returnToAdmin } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  if (readStorage(STORAGE_KEYS.adminReturn) === null) return null;

  const handleClick = () => {
    setPending(true);
    // The page shows a spinner during the switch, unmounting this button: everything hangs off the promise.
    returnToAdmin().then(
      () => {
        navigateNow(navigate, "/admin");
      },
      (error: unknown) => {
        toast({ title: "Could not return to admin", description: errorMessage(error), variant: "destructive" });
        navigateNow(navigate, "/auth");
      },
    );
  };

  return (
    <Button
      variant="outlined"
      startIcon={<AdminPanelSettingsOutlinedIcon />}
      loadingPosition="start"
      loading={pending}
      onClick={handleClick}
    >
      Back to Admin
    </Button>
  );
}
