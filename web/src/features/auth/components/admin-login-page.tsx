import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState, type SubmitEvent } from "react";
import { Link as RouterLink, Navigate, useNavigate } from "react-router-dom";
import { z } from "@hub/contract/zod";
import { loginRequestSchema } from "@hub/contract/auth";
import { PageSpinner } from "@/components/spinners/index";
import { useToast } from "@/components/toasts/index";
import { useAuth } from "./use-auth";
import { AuthCard } from "./auth-card";

type FieldErrors = Partial<Record<"username" | "password", string>>;

/** /auth – admin login with username (e-mail) and password. */
export function AdminLoginPage() {
  const { user, isLoading, loginMutation } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  // While a login is under way the session loads too; keep the form (and its spinner button) on screen.
  if (isLoading && !loginMutation.isPending) return <PageSpinner />;
  // Already logged in (or just logged in): straight to the admin dashboard.
  if (user) return <Navigate to="/admin" replace />;

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      const { fieldErrors: errors } = z.flattenError(parsed.error);
      setFieldErrors({ username: errors.username?.[0], password: errors.password?.[0] });
      return;
    }
    setFieldErrors({});
    loginMutation.mutate(parsed.data, {
      onSuccess: () => void navigate("/admin", { replace: true }),
      onError: (error) => {
        toast({ title: "Login failed", description: error.message, variant: "destructive" });
      },
    });
  };

  return (
    <AuthCard
      title="Admin Login"
      subtitle="Sign in with your administrator account."
      footer={
        <Link component={RouterLink} to="/">
          ← Back to Home
        </Link>
      }
    >
      <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2.5}>
        <TextField
          label="Username"
          name="username"
          type="email"
          autoComplete="username"
          autoFocus
          required
          fullWidth
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
          }}
          error={Boolean(fieldErrors.username)}
          helperText={fieldErrors.username}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={loginMutation.isPending}>
          Login
        </Button>
      </Stack>
    </AuthCard>
  );
}
