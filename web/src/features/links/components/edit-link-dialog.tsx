import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { updateLinkRequestSchema, type ReferralLink, type UpdateLinkRequest } from "@hub/contract/links";
import { DialogForm, useFormFields } from "@/components/forms/index";
import { ResponsiveDialog } from "@/components/responsive/index";
import type { ToastInput } from "@/components/toasts/index";
import { parseForm, type FormResult } from "@/lib/form-errors";
import { useUpdateLink } from "../api/update-link";
import type { LinkAudience } from "../utils/link-audience";
import { validateEditLinkForm, type EditLinkField, type EditLinkFormValues } from "../utils/link-forms";
import { OfferDetailsField, ReferralLinkField } from "./link-fields";
import { useLastNonNull } from "./use-last-non-null";

interface EditLinkWords {
  title: (link: ReferralLink) => string;
  submitLabel: (link: ReferralLink) => string;
  linkLabel: string;
  linkHint?: string;
  offerLabel: string;
  /** Asks the member to fix or re-save a dead link. */
  deadLinkNotice: boolean;
  /** What to send; null: nothing changed, so the dialog just closes. */
  changes: (link: ReferralLink, values: EditLinkFormValues) => FormResult<UpdateLinkRequest | null, EditLinkField>;
  saved: (changes: UpdateLinkRequest) => ToastInput;
  failed: string;
}

/**
 * An admin edits anyone's link and sends both fields; a member edits their own and sends only what
 * changed (a new URL puts the link back into review), and for a dead link saving is the re-save.
 */
const WORDS: Record<LinkAudience, EditLinkWords> = {
  admin: {
    title: () => "Edit link",
    submitLabel: () => "Save",
    linkLabel: "Link",
    offerLabel: "Offer details",
    deadLinkNotice: false,
    changes: (_link, values) => parseForm(updateLinkRequestSchema, values),
    saved: () => ({ title: "Link updated", description: "The link has been saved" }),
    failed: "Failed to update link",
  },
  own: {
    title: (link) => (link.isDead ? "Update Dead Link" : "Edit Link"),
    submitLabel: (link) => (link.isDead ? "Re-save Link" : "Save Changes"),
    linkLabel: "Referral Link",
    linkHint: "Changing the link sends it back for review.",
    offerLabel: "Offer Details",
    deadLinkNotice: true,
    changes: validateEditLinkForm,
    saved: (changes) => ({
      title: "Link updated",
      description: changes.link ? "Your link has been sent back for review." : "Your changes have been saved.",
    }),
    failed: "Update failed",
  },
};

interface EditLinkDialogProps {
  audience: LinkAudience;
  /** The link being edited; null closes the dialog. */
  link: ReferralLink | null;
  onClose: () => void;
}

/** Edits a link's URL and offer details. */
export function EditLinkDialog({ audience, link, onClose }: EditLinkDialogProps) {
  // Kept while the dialog fades out, so its text does not change as it closes.
  const shown = useLastNonNull(link);
  const words = WORDS[audience];
  const updateLink = useUpdateLink(audience, { success: (_done, { changes }) => words.saved(changes), error: words.failed });
  const titleId = useId();

  const close = () => {
    if (!updateLink.isPending) onClose();
  };

  return (
    <ResponsiveDialog open={link !== null} onClose={close} aria-labelledby={titleId} maxWidth="sm">
      {shown ? (
        // Unmounted while the dialog is closed, so every opening starts from the saved link.
        <EditLinkForm
          key={shown.id}
          titleId={titleId}
          link={shown}
          words={words}
          pending={updateLink.isPending}
          onCancel={close}
          onSave={(changes) => {
            if (changes) updateLink.mutate({ id: shown.id, changes }, { onSuccess: onClose });
            else onClose();
          }}
        />
      ) : null}
    </ResponsiveDialog>
  );
}

interface EditLinkFormProps {
  titleId: string;
  link: ReferralLink;
  words: EditLinkWords;
  pending: boolean;
  onCancel: () => void;
  onSave: (changes: UpdateLinkRequest | null) => void;
}

function EditLinkForm({ titleId, link, words, pending, onCancel, onSave }: EditLinkFormProps) {
  const form = useFormFields<EditLinkField>({ link: link.link, description: link.description });

  const handleSubmit = () => {
    const changes = form.parse((values: EditLinkFormValues) => words.changes(link, values), form.values);
    if (changes !== undefined) onSave(changes);
  };

  return (
    <DialogForm
      titleId={titleId}
      title={words.title(link)}
      submitLabel={words.submitLabel(link)}
      pending={pending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    >
      {words.deadLinkNotice && link.isDead ? (
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
      <ReferralLinkField form={form} label={words.linkLabel} autoFocus hint={words.linkHint} />
      <OfferDetailsField form={form} label={words.offerLabel} />
    </DialogForm>
  );
}
