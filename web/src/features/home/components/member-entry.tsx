import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { SubmitEvent } from "react";
import { useNavigate } from "react-router-dom";
import { PlainTextField } from "@/components/plain-text-field/index";

/** The member's way in: the address travels to /email-login, which checks it and sends the link. */
export function MemberEntry() {
  const navigate = useNavigate();

  // The field is the browser's own (uncontrolled): what was typed before the app took the page over counts.
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    void navigate(entered ? `/email-login?${new URLSearchParams({ email: entered }).toString()}` : "/email-login");
  };

  return (
    // The form's own action does what handleSubmit does: it works before the app has taken over a
    // server-rendered page (a full page load instead of the app's navigation).
    <Stack component="form" action="/email-login" method="get" noValidate onSubmit={handleSubmit} spacing={2}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Members
      </Typography>
      <PlainTextField label="Email" name="email" type="email" autoComplete="email" fullWidth placeholder="you@example.com" />
      <Button type="submit" variant="contained" size="large" fullWidth>
        Continue with Email
      </Button>
    </Stack>
  );
}
