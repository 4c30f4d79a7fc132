import Button from "@mui/material/Button";
import AdminPanelSettingsOutlinedIcon from "@mui/icons-material/AdminPanelSettingsOutlined";
import { useNavigate } from "react-router-dom";
import { useToastMutation } from "@/components/toasts/index";
import { readStorage, STORAGE_KEYS } from "@/lib/browser-storage";
import { navigateNow } from "@/lib/navigate-now";
import { useAuth } from "./use-auth";

/**
 * 'Back to Admin' on /dashboard, shown only to an admin who came through 'Log in as user' (the browser
 * flag): signs the admin back in and returns to /admin. If that fails, the admin logs in again at /auth.
 */
export function BackToAdminButton() {
  const { returnToAdmin } = useAuth();
  const navigate = useNavigate();
  // The page shows a spinner during the switch, unmounting this button: everything hangs off the
  // mutation, which outlives it.
  const switchBack = useToastMutation({
    mutationFn: returnToAdmin,
    onSuccess: () => navigateNow(navigate, "/admin"),
    error: "Could not return to admin",
    onError: () => navigateNow(navigate, "/auth"),
  });

  if (readStorage(STORAGE_KEYS.adminReturn) === null) return null;

  return (
    <Button
      variant="outlined"
      startIcon={<AdminPanelSettingsOutlinedIcon />}
      loadingPosition="start"
      loading={switchBack.isPending || switchBack.isSuccess}
      onClick={() => switchBack.mutate()}
    >
      Back to Admin
    </Button>
  );
}
