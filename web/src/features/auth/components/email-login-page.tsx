import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { emailLoginRequestSchema } from "@hub/contract/auth";
import { useFormFields } from "@/components/forms/index";
import { PageSpinner } from "@/components/spinners/index";
import { failureToast, useToast } from "@/components/toasts/index";
import { useSendLoginLink } from "../api/send-login-link";
import { isNoActiveSubscriptionError } from "../utils/auth-errors";
import { AuthCard } from "./auth-card";
import { EmailLoginForm } from "./email-login-form";
import { LoginLinkSent } from "./login-link-sent";
import { useAuth } from "./use-auth";
import { VerifyingLoginLink } from "./verifying-login-link";

/**
 * /email-login – member login by e-mail link.
 * ?email= pre-fills the field and sends the link at once; ?token= (from the e-mail) logs in.
 */
export function EmailLoginPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get("token");
  const emailParam = searchParams.get("email");
  const { user, isLoading, signInWithToken } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { mutate: sendLoginLink, isPending: isSending } = useSendLoginLink({ error: "Failed to send login link" });

  const form = useFormFields({ email: emailParam ?? "" });
  const { parse } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const requestLink = useCallback(
    (value: string) => {
      const parsed = parse(emailLoginRequestSchema, { email: value });
      if (!parsed) return;
      sendLoginLink(parsed, {
        onSuccess: () => {
          setSentTo(parsed.email);
        },
      });
    },
    [parse, sendLoginLink],
  );

  // A token is exchanged exactly once, even though StrictMode runs effects twice in development.
  const exchangedToken = useRef<string | null>(null);
  useEffect(() => {
    if (!token || exchangedToken.current === token) return;
    exchangedToken.current = token;
    signInWithToken(token).then(
      () => void navigate("/dashboard", { replace: true }),
      (error: unknown) => {
        if (isNoActiveSubscriptionError(error)) {
          void navigate("/subscription-error", { replace: true });
          return;
        }
        toast(failureToast("Login failed", error));
        exchangedToken.current = null;
        // Back to the e-mail step; the used token must not stay in the address bar.
        setSearchParams(
          (params) => {
            params.delete("token");
            return params;
          },
          { replace: true },
        );
      },
    );
  }, [token, signInWithToken, navigate, toast, setSearchParams]);

  // ?email= sends the link once, as soon as we know nobody is signed in.
  const autoSent = useRef(false);
  useEffect(() => {
    if (token || !emailParam || autoSent.current || isLoading || user) return;
    autoSent.current = true;
    requestLink(emailParam);
  }, [token, emailParam, isLoading, user, requestLink]);

  if (token) {
    return (
      <AuthCard title="Member Login">
        <VerifyingLoginLink />
      </AuthCard>
    );
  }
  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <AuthCard
      title="Member Login"
      subtitle={sentTo ? undefined : "Enter the e-mail address of your membership and we will send you a login link."}
      footer={
        <Typography variant="body2" color="text.secondary">
          Administrator?{" "}
          <Link component={RouterLink} to="/auth">
            Admin login
          </Link>
        </Typography>
      }
    >
      {sentTo ? (
        <LoginLinkSent
          email={sentTo}
          onSendAnother={() => {
            setSentTo(null);
          }}
        />
      ) : (
        <EmailLoginForm form={form} pending={isSending} onSubmit={requestLink} />
      )}
    </AuthCard>
  );
}
