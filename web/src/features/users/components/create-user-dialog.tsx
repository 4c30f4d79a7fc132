import { createUserRequestSchema } from "@hub/contract/users";
import { useToast } from "@/components/toasts/index";
import { useCreateUser } from "../api/create-user";
import { EmailFormDialog } from "./email-form-dialog";

/** Creates an approved account for an e-mail, without the subscription check. */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const createUser = useCreateUser();

  const handleSubmit = (email: string): string | undefined => {
    if (email.trim() === "") {
      toast({ title: "Email required", description: "Please enter an email address", variant: "destructive" });
      return undefined;
    }
    const parsed = createUserRequestSchema.safeParse({ email });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? "Invalid email address";
    createUser.mutateAsync(parsed.data).then(
      (result) => {
        toast({ title: "User created", description: `${result.user.username} is approved and can log in with an email link` });
        onClose();
      },
      (failure: unknown) =>
        toast({
          title: "Error creating user",
          description: failure instanceof Error && failure.message ? failure.message : "Failed to create user",
          variant: "destructive",
        }),
    );
    return undefined;
  };

  return (
    <EmailFormDialog
      title="Create User"
      description="The account is approved at once and can log in by email link without a subscription check."
      fieldLabel="Email"
      submitLabel="Create User"
      pending={createUser.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    />
  );
}
