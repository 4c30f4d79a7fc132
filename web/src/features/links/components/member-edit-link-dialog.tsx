import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Dialog from "@mui/material/Dialog";
import Typography from "@mui/material/Typography";
import type { ReferralLink, UpdateLinkRequest } from "@hub/contract/links";
import { useToast } from "@/components/toasts/index";
import { DialogForm, useFormFields } from "@/components/forms/index";
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
  const form = useFormFields<EditLinkField>({ link: link.link, description: link.description });

  const handleSubmit = () => {
    const result = validateEditLinkForm(link, form.values);
    form.setErrors(result.ok ? {} : result.errors);
    if (result.ok) onSave(result.value);
  };

  return (
    <DialogForm
      title={link.isDead ? "Update Dead Link" : "Edit Link"}
      submitLabel={link.isDead ? "Re-save Link" : "Save Changes"}
      pending={pending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    >
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
      <ReferralLinkField form={form} autoFocus hint="Changing the link sends it back for review." />
      <OfferDetailsField form={form} />
    </DialogForm>
  );
}
