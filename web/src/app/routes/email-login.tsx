import { EmailLoginPage } from "@/features/auth/components/email-login-page";

export default function EmailLoginRoute() {
  return <EmailLoginPage />;
}
