import { updateLinkRequestSchema, type ReferralLink } from "@hub/contract/links";
import { FormDialog, FormTextField, useFormFields } from "@/components/forms/index";
import { useToast } from "@/components/toasts/index";
import { useUpdateLink } from "../api/update-link";
import { errorText } from "@/lib/error-text";

/** Edit a link's address and offer details. */
export function EditLinkDialog({ link, onClose }: { link: ReferralLink; onClose: () => void }) {
  const { toast } = useToast();
  const updateLink = useUpdateLink();
  const form = useFormFields({ link: link.link, description: link.description });

  const handleSubmit = () => {
    const parsed = form.parse(updateLinkRequestSchema, form.values);
    if (!parsed) return;
    updateLink.mutate(
      { id: link.id, ...parsed },
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
    <FormDialog title="Edit link" submitLabel="Save" pending={updateLink.isPending} onSubmit={handleSubmit} onClose={onClose}>
      <FormTextField form={form} field="link" label="Link" type="url" required autoFocus />
      <FormTextField form={form} field="description" label="Offer details" required multiline minRows={3} />
    </FormDialog>
  );
}
