import { EmailLoginPage } from "@/features/auth/components/email-login-page";
import { usePageTitle } from "@/lib/use-page-title";

export default function EmailLoginRoute() {
  usePageTitle("Member Login");
  return <EmailLoginPage />;
}
