import { createUserRequestSchema } from "@hub/contract/users";
import { useToast } from "@/components/toasts/index";
import { useCreateUser } from "../api/create-user";
import { EmailFormDialog } from "./email-form-dialog";

/** Creates an approved account for an e-mail, without the subscription check. */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const createUser = useCreateUser({
    success: (result) => ({ title: "User created", description: `${result.user.username} is approved and can log in with an email link` }),
    error: (failure) => ({ title: "Error creating user", description: failure.message || "Failed to create user", variant: "destructive" }),
  });

  return (
    <EmailFormDialog
      title="Create User"
      description="The account is approved at once and can log in by email link without a subscription check."
      fieldLabel="Email"
      submitLabel="Create User"
      schema={createUserRequestSchema}
      pending={createUser.isPending}
      onSubmit={(email) => createUser.mutate({ email }, { onSuccess: onClose })}
      // spec: 'Email required - Please enter an email address', as a toast
      onEmpty={() => toast({ title: "Email required", description: "Please enter an email address", variant: "destructive" })}
      onClose={onClose}
    />
  );
}
