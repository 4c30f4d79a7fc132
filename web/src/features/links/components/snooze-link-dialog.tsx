import { useId } from "react";
import type { ReferralLink } from "@hub/contract/links";
import { DialogForm, FormTextField, useFormFields } from "@/components/forms/index";
import { ResponsiveDialog } from "@/components/responsive/index";
import { errorText } from "@/lib/error-text";
import { issueFieldErrors } from "@/lib/form-errors";
import { useSnoozeOwnLink } from "../api/snooze-own-link";
import { snoozedText } from "../utils/link-availability";
import { snoozeBounds, snoozeDateProblem } from "../utils/earnings";
import { useLastNonNull } from "./use-last-non-null";

interface SnoozeLinkDialogProps {
  /** The link to snooze; null closes the dialog. */
  link: ReferralLink | null;
  onClose: () => void;
}

/** Takes one of the member's links out of the rotation until a day (for banks whose counts the hub cannot see). */
export function SnoozeLinkDialog({ link, onClose }: SnoozeLinkDialogProps) {
  // Kept while the dialog fades out, so its text does not change as it closes.
  const shown = useLastNonNull(link);
  const titleId = useId();
  // A refusal is shown under the date, where the member picks another (error: no toast).
  const snooze = useSnoozeOwnLink({
    success: (_link, { until }) => ({ title: "Link snoozed", description: `${snoozedText(until)}: out of the rotation until then.` }),
    error: () => null,
  });
  const close = () => {
    if (!snooze.isPending) onClose();
  };
  return (
    <ResponsiveDialog open={link !== null} onClose={close} aria-labelledby={titleId} maxWidth="xs">
      {shown ? (
        // Unmounted while closed, so every opening starts empty.
        <SnoozeForm
          key={shown.id}
          titleId={titleId}
          link={shown}
          pending={snooze.isPending}
          onCancel={close}
          onSubmit={(until, showError) => {
            snooze.mutate(
              { id: shown.id, until },
              {
                onSuccess: onClose,
                onError: (error) => showError(issueFieldErrors(error, ["until"] as const)?.until ?? errorText(error)),
              },
            );
          }}
        />
      ) : null}
    </ResponsiveDialog>
  );
}

interface SnoozeFormProps {
  titleId: string;
  link: ReferralLink;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (until: string, showError: (message: string) => void) => void;
}

function SnoozeForm({ titleId, link, pending, onCancel, onSubmit }: SnoozeFormProps) {
  const form = useFormFields<"until">({ until: "" });
  const { min, max } = snoozeBounds(new Date());

  const handleSubmit = () => {
    const problem = snoozeDateProblem(form.values.until, new Date());
    if (problem) form.setErrors({ until: problem });
    else onSubmit(form.values.until, (message) => form.setErrors({ until: message }));
  };

  return (
    <DialogForm
      titleId={titleId}
      title={`Snooze your ${link.programName} link`}
      description="Take the link out of the rotation until a day, for example when the bank counts referrals the hub cannot see. It comes back when that day starts (UTC); 'Back in now' ends the snooze early."
      submitLabel="Snooze"
      pending={pending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    >
      <FormTextField
        form={form}
        field="until"
        label="Snooze until"
        type="date"
        required
        autoFocus
        hint="The day the link comes back, at most 366 days ahead."
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
      />
    </DialogForm>
  );
}
