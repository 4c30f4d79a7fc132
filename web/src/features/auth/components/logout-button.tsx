import Button, { type ButtonProps } from "@mui/material/Button";
import LogoutIcon from "@mui/icons-material/Logout";
import { useNavigate } from "react-router-dom";
import { useToast } from "@/components/toasts/index";
import { navigateNow } from "@/lib/navigate-now";
import { errorText } from "@/lib/error-text";
import { useAuth } from "./use-auth";

type LogoutButtonProps = Omit<ButtonProps, "onClick" | "loading" | "children"> & {
  /** Where to go once logged out. */
  redirectTo?: string;
};

export function LogoutButton({ redirectTo = "/", ...buttonProps }: LogoutButtonProps) {
  const { logoutMutation } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();

  const handleLogout = async () => {
    // Leave first: once signed out, this page's own guard would send us to its login page instead.
    // navigateNow renders the destination now rather than in a transition the sign-out could overtake.
    navigateNow(navigate, redirectTo);
    try {
      // mutateAsync, not mutate: this button has usually unmounted by the time the logout finishes.
      await logoutMutation.mutateAsync();
    } catch (error) {
      toast({ title: "Logout failed", description: errorText(error), variant: "destructive" });
    }
  };

  return (
    <Button
      variant="outlined"
      startIcon={<LogoutIcon />}
      loadingPosition="start"
      {...buttonProps}
      loading={logoutMutation.isPending}
      onClick={() => void handleLogout()}
    >
      Logout
    </Button>
  );
}
