import Button from "@mui/material/Button";
import SupervisorAccountIcon from "@mui/icons-material/SupervisorAccount";
import { useState } from "react";
import { loginAsUserRequestSchema } from "@hub/contract/users";
import { useToast } from "@/components/toasts/index";
import { errorText } from "@/lib/error-text";
import { EmailFormDialog } from "./email-form-dialog";

/** 'Dev User': logs in as any user by e-mail, as 'Log in as user' does from a user card. */
export function DevUserButton({ onLogInAsUser }: { onLogInAsUser: (email: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<SupervisorAccountIcon />} onClick={() => setOpen(true)}>
        Dev User
      </Button>
      {open ? <DevUserDialog onLogInAsUser={onLogInAsUser} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DevUserDialog({ onLogInAsUser, onClose }: { onLogInAsUser: (email: string) => Promise<void>; onClose: () => void }) {
  const { toast } = useToast();
  const [pending, setPending] = useState(false);

  const handleSubmit = (email: string): string | undefined => {
    const parsed = loginAsUserRequestSchema.safeParse({ email });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? "Please enter a valid email address";
    setPending(true);
    // On success the page moves to /dashboard; only a failure comes back here.
    onLogInAsUser(parsed.data.email).catch((failure: unknown) => {
      setPending(false);
      toast({ title: "Dev login failed", description: errorText(failure), variant: "destructive" });
    });
    return undefined;
  };

  return (
    <EmailFormDialog
      title="Log in as a user"
      description={<>Opens that user&apos;s dashboard as them. &lsquo;Back to Admin&rsquo; there brings you back here.</>}
      fieldLabel="User email"
      submitLabel="Log in as user"
      pending={pending}
      onSubmit={handleSubmit}
      onClose={onClose}
    />
  );
}
