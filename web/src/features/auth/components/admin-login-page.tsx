import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import type { SubmitEvent } from "react";
import { Link as RouterLink, Navigate, useNavigate } from "react-router-dom";
import { loginRequestSchema } from "@hub/contract/auth";
import { FormTextField, useFormFields } from "@/components/forms/index";
import { PageSpinner } from "@/components/spinners/index";
import { failureToast, useToast } from "@/components/toasts/index";
import { useAuth } from "./use-auth";
import { AuthCard } from "./auth-card";

/** /auth – admin login with username (e-mail) and password. */
export function AdminLoginPage() {
  const { user, isLoading, loginMutation } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const form = useFormFields({ username: "", password: "" });

  // While a login is under way the session loads too; keep the form (and its spinner button) on screen.
  if (isLoading && !loginMutation.isPending) return <PageSpinner />;
  // Already logged in (or just logged in): straight to the admin dashboard.
  if (user) return <Navigate to="/admin" replace />;

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = form.parse(loginRequestSchema, form.values);
    if (!parsed) return;
    loginMutation.mutate(parsed, {
      onSuccess: () => void navigate("/admin", { replace: true }),
      onError: (error) => {
        toast(failureToast("Login failed", error));
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
        <FormTextField
          form={form}
          field="username"
          name="username"
          label="Username"
          type="email"
          autoComplete="username"
          autoFocus
          required
        />
        <FormTextField
          form={form}
          field="password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={loginMutation.isPending}>
          Login
        </Button>
      </Stack>
    </AuthCard>
  );
}
