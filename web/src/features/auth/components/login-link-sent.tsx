import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import MarkEmailReadOutlinedIcon from "@mui/icons-material/MarkEmailReadOutlined";
import { LOGIN_TOKEN } from "@hub/contract/auth";

const LINK_VALID_MINUTES = Math.round(LOGIN_TOKEN.ttlMs / 60_000);

export function LoginLinkSent({ email, onSendAnother }: { email: string; onSendAnother: () => void }) {
  return (
    <Stack spacing={2.5}>
      <Alert severity="success" icon={<MarkEmailReadOutlinedIcon />}>
        <AlertTitle>Login link sent</AlertTitle>
        {/* Links go only to members and subscribers, and the answer never says which an address is. */}
        If{" "}
        <Typography component="strong" sx={{ fontWeight: 600, wordBreak: "break-all" }}>
          {email}
        </Typography>{" "}
        belongs to a member or a subscriber, a login link is on its way to it.
      </Alert>
      <Typography variant="body2" color="text.secondary">
        Open the e-mail and click the link to log in. The link is valid for {LINK_VALID_MINUTES} minutes. If it does not arrive, check your
        spam folder, and that this is the address you subscribed with.
      </Typography>
      <Button variant="outlined" fullWidth onClick={onSendAnother}>
        Send Another Link
      </Button>
    </Stack>
  );
}
