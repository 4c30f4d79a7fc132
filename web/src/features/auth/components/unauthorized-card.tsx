import Button from "@mui/material/Button";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import { Link as RouterLink } from "react-router-dom";
import { MessageCard } from "@/components/layouts/index";

export function UnauthorizedCard() {
  return (
    <MessageCard
      icon={<LockOutlinedIcon color="error" aria-hidden />}
      title="Unauthorized Access"
      action={
        <Button component={RouterLink} to="/" variant="contained">
          Return Home
        </Button>
      }
    >
      You must be an administrator to access this page.
    </MessageCard>
  );
}
