import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState, type SubmitEvent } from "react";
import { useNavigate } from "react-router-dom";
import { PlainTextField } from "@/components/plain-text-field/index";

/** The member's way in: the address travels to /email-login, which checks it and sends the link. */
export function MemberEntry() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = email.trim();
    void navigate(entered ? `/email-login?${new URLSearchParams({ email: entered }).toString()}` : "/email-login");
  };

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Members
      </Typography>
      <PlainTextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        fullWidth
        placeholder="you@example.com"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
        }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth>
        Continue with Email
      </Button>
    </Stack>
  );
}
