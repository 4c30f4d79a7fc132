import Button from "@mui/material/Button";
import SupervisorAccountIcon from "@mui/icons-material/SupervisorAccount";
import { useState } from "react";
import { loginAsUserRequestSchema } from "@hub/contract/users";
import { useToastMutation } from "@/components/toasts/index";
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
  const logIn = useToastMutation({ mutationFn: onLogInAsUser, error: "Dev login failed" });

  return (
    <EmailFormDialog
      title="Log in as a user"
      description={<>Opens that user&apos;s dashboard as them. &lsquo;Back to Admin&rsquo; there brings you back here.</>}
      fieldLabel="User email"
      submitLabel="Log in as user"
      schema={loginAsUserRequestSchema}
      // on success the page moves to /dashboard: the button keeps spinning until it does
      pending={logIn.isPending || logIn.isSuccess}
      onSubmit={(email) => logIn.mutate(email)}
      onClose={onClose}
    />
  );
}
