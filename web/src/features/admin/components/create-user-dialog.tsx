import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useId, useState, type SubmitEvent } from "react";
import { createUserRequestSchema } from "@contract/users";
import { useToast } from "@/components/toasts";
import { useCreateUser } from "../api/create-user";

/** Creates an approved account for an e-mail, without the subscription check. */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const createUser = useCreateUser();
  const titleId = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() === "") {
      toast({ title: "Email required", description: "Please enter an email address", variant: "destructive" });
      return;
    }
    const parsed = createUserRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Invalid email address");
      return;
    }
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
  };

  return (
    <Dialog open onClose={createUser.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>Create User</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            The account is approved at once and can log in by email link without a subscription check.
          </DialogContentText>
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
            required
            fullWidth
            autoFocus
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={createUser.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={createUser.isPending}>
            Create User
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
