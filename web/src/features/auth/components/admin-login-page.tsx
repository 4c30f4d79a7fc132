import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useMutation } from "@tanstack/react-query";
import type { SubmitEvent } from "react";
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { loginRequestSchema, type RegisterRequest } from "@hub/contract/auth";
import type { CurrentUser } from "@hub/contract/users";
import { FormTextField, useFormFields } from "@/components/forms/index";
import { PageSpinner } from "@/components/spinners/index";
import { failureToast, useToast } from "@/components/toasts/index";
import { useAuth } from "./use-auth";
import { AdminRegisterForm } from "./admin-register-form";
import { AuthCard } from "./auth-card";

/** /auth – admin login with username (e-mail) and password; /auth?register – the first admin's registration. */
export function AdminLoginPage() {
  const { user, isLoading, loginMutation, registerFirstAdmin } = useAuth();
  const registration = useMutation<CurrentUser, Error, RegisterRequest>({ mutationFn: registerFirstAdmin });
  const { toast } = useToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useFormFields({ username: "", password: "" });

  // While a login is under way the session loads too; keep the form (and its spinner button) on screen.
  if (isLoading && !loginMutation.isPending && !registration.isPending) return <PageSpinner />;
  // Already logged in (or just logged in or registered): straight to the admin dashboard.
  if (user) return <Navigate to="/admin" replace />;

  if (searchParams.has("register")) {
    return (
      <AuthCard
        title="Register Admin"
        subtitle="Create the first administrator account. Once an administrator exists, registration is closed."
        footer={
          <Link component={RouterLink} to="/auth">
            Log in
          </Link>
        }
      >
        <AdminRegisterForm registration={registration} />
      </AuthCard>
    );
  }

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
        <Stack spacing={1} sx={{ alignItems: "center" }}>
          <Link component={RouterLink} to="/auth?register">
            Set up the first admin account
          </Link>
          <Link component={RouterLink} to="/">
            ← Back to Home
          </Link>
        </Stack>
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
