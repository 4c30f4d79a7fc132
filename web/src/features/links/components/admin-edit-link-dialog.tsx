import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useId, useState, type FormEvent } from "react";
import { updateLinkRequestSchema, type ReferralLink } from "@hub/contract/links";
import { useToast } from "@/components/toasts/index";
import { useUpdateLink } from "../api/update-link";
import { errorText } from "@/lib/error-text";

type FieldErrors = Partial<Record<"link" | "description", string>>;

/** Edit a link's address and offer details. */
export function EditLinkDialog({ link, onClose }: { link: ReferralLink; onClose: () => void }) {
  const { toast } = useToast();
  const updateLink = useUpdateLink();
  const titleId = useId();
  const [address, setAddress] = useState(link.link);
  const [description, setDescription] = useState(link.description);
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateLinkRequestSchema.safeParse({ link: address, description });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "link" || field === "description") && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    updateLink.mutate(
      { id: link.id, ...parsed.data },
      {
        onSuccess: () => {
          toast({ title: "Link updated", description: "The link has been saved" });
          onClose();
        },
        onError: (error) => toast({ title: "Failed to update link", description: errorText(error), variant: "destructive" }),
      },
    );
  };

  return (
    <Dialog open onClose={updateLink.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>Edit link</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Link"
              type="url"
              value={address}
              onChange={(event) => {
                setAddress(event.target.value);
                setErrors((current) => ({ ...current, link: undefined }));
              }}
              error={Boolean(errors.link)}
              helperText={errors.link}
              required
              fullWidth
              autoFocus
            />
            <TextField
              label="Offer details"
              value={description}
              onChange={(event) => {
                setDescription(event.target.value);
                setErrors((current) => ({ ...current, description: undefined }));
              }}
              error={Boolean(errors.description)}
              helperText={errors.description}
              required
              multiline
              minRows={3}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={updateLink.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={updateLink.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
