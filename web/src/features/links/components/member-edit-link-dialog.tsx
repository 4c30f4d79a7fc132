import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState, type SubmitEvent } from "react";
import type { ReferralLink, UpdateLinkRequest } from "@hub/contract/links";
import { useToast } from "@/components/toasts/index";
import type { FieldErrors } from "@/lib/form-errors";
import { useUpdateUserLink } from "../api/update-user-link";
import { errorMessage } from "../utils/error-message";
import { validateEditLinkForm, type EditLinkField } from "../utils/link-forms";
import { OfferDetailsField, ReferralLinkField } from "./link-fields";
import { useLastNonNull } from "./use-last-non-null";

interface EditLinkDialogProps {
  /** The link being edited; null closes the dialog. */
  link: ReferralLink | null;
  onClose: () => void;
}

/** Edits a link's URL and offer details. For a dead link, saving is the re-save that sends it back to review. */
export function EditLinkDialog({ link, onClose }: EditLinkDialogProps) {
  const shown = useLastNonNull(link);
  const updateLink = useUpdateUserLink();
  const { toast } = useToast();

  const close = () => {
    if (!updateLink.isPending) onClose();
  };

  const save = (target: ReferralLink, changes: UpdateLinkRequest | null) => {
    if (!changes) {
      onClose();
      return;
    }
    updateLink.mutate(
      { id: target.id, changes },
      {
        onSuccess: () => {
          toast({
            title: "Link updated",
            description: changes.link ? "Your link has been sent back for review." : "Your changes have been saved.",
          });
          onClose();
        },
        onError: (error) => {
          toast({ title: "Update failed", description: errorMessage(error), variant: "destructive" });
        },
      },
    );
  };

  return (
    <Dialog open={link !== null} onClose={close} fullWidth maxWidth="sm">
      {shown ? (
        <EditLinkForm
          key={shown.id}
          link={shown}
          pending={updateLink.isPending}
          onCancel={close}
          onSave={(changes) => {
            save(shown, changes);
          }}
        />
      ) : null}
    </Dialog>
  );
}

interface EditLinkFormProps {
  link: ReferralLink;
  pending: boolean;
  onCancel: () => void;
  onSave: (changes: UpdateLinkRequest | null) => void;
}

function EditLinkForm({ link, pending, onCancel, onSave }: EditLinkFormProps) {
  const [values, setValues] = useState({ link: link.link, description: link.description });
  const [errors, setErrors] = useState<FieldErrors<EditLinkField>>({});

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateEditLinkForm(link, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSave(result.value);
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <DialogTitle>{link.isDead ? "Update Dead Link" : "Edit Link"}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {link.isDead ? (
            <Alert severity="warning">
              <AlertTitle>This link is marked as dead</AlertTitle>
              {link.deadNote ? (
                <Typography variant="body2" sx={{ whiteSpace: "pre-line" }}>
                  Note: {link.deadNote}
                </Typography>
              ) : null}
              <Typography variant="body2">
                Please update your link for {link.programName}, or re-save it if it works again. Saving sends it back for review.
              </Typography>
            </Alert>
          ) : null}
          <ReferralLinkField
            autoFocus
            value={values.link}
            onChange={(value) => {
              setValues((current) => ({ ...current, link: value }));
            }}
            error={errors.link}
            hint="Changing the link sends it back for review."
          />
          <OfferDetailsField
            value={values.description}
            onChange={(value) => {
              setValues((current) => ({ ...current, description: value }));
            }}
            error={errors.description}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={pending}>
          {link.isDead ? "Re-save Link" : "Save Changes"}
        </Button>
      </DialogActions>
    </form>
  );
}
