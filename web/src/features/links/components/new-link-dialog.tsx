import Link from "@mui/material/Link";
import { useId, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { CreateMemberLinkRequest } from "@hub/contract/links";
import type { Program } from "@hub/contract/programs";
import { failureToast } from "@/components/toasts/index";
import { DialogForm, useFormFields } from "@/components/forms/index";
import { ResponsiveDialog } from "@/components/responsive/index";
import { useCreateOwnLink } from "../api/create-own-link";
import { DUPLICATE_PROGRAM_TOAST, isDuplicateProgramError } from "../utils/duplicate-link";
import { isOfferEndedError, OFFER_ENDED_MESSAGE, OFFER_ENDED_TOAST } from "../utils/offer-ended";
import { validateOwnLinkForm, type OwnLinkField } from "../utils/link-forms";
import { OfferDetailsField, ReferralLinkField } from "./link-fields";
import { ProgramPicker } from "./program-picker";

export interface ProgramsState {
  programs: Program[] | undefined;
  isLoading: boolean;
  error: Error | null;
}

interface NewLinkDialogProps extends ProgramsState {
  open: boolean;
  onClose: () => void;
  /** Programs where the member already has a link: not offered. */
  /** Undefined while the member's links are loading (useTakenProgramIds). */
  takenProgramIds: readonly string[] | undefined;
}

/** The dashboard's 'Submit New Link' dialog (POST /api/user/links). */
export function NewLinkDialog({ open, onClose, takenProgramIds, ...programs }: NewLinkDialogProps) {
  const createLink = useCreateOwnLink({
    success: (link) => ({ title: "Link submitted", description: `Your link for ${link.programName} is pending review.` }),
    error: (error) =>
      isDuplicateProgramError(error)
        ? DUPLICATE_PROGRAM_TOAST
        : isOfferEndedError(error)
          ? OFFER_ENDED_TOAST
          : failureToast("Submission failed", error),
  });

  const titleId = useId();
  const close = () => {
    if (!createLink.isPending) onClose();
  };

  const submit = (request: CreateMemberLinkRequest, onOfferEnded: () => void) => {
    createLink.mutate(request, {
      onSuccess: onClose,
      onError: (error) => {
        if (isOfferEndedError(error)) onOfferEnded();
      },
    });
  };

  return (
    <ResponsiveDialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm">
      <NewLinkForm
        titleId={titleId}
        {...programs}
        takenProgramIds={takenProgramIds}
        pending={createLink.isPending}
        onCancel={close}
        onSubmit={submit}
      />
    </ResponsiveDialog>
  );
}

interface NewLinkFormProps extends ProgramsState {
  titleId: string;
  takenProgramIds: readonly string[] | undefined;
  pending: boolean;
  onCancel: () => void;
  /** `onOfferEnded`: the server refused the program (409 OFFER_ENDED), to be said under the picker. */
  onSubmit: (request: CreateMemberLinkRequest, onOfferEnded: () => void) => void;
}

// Unmounted while the dialog is closed, so every opening starts empty.
function NewLinkForm({ titleId, programs, isLoading, error, takenProgramIds, pending, onCancel, onSubmit }: NewLinkFormProps) {
  const [programId, setProgramId] = useState<string | null>(null);
  const form = useFormFields<"link" | "description", OwnLinkField>({ link: "", description: "" });

  const handleSubmit = () => {
    const request = form.parse(validateOwnLinkForm, { programId, ...form.values });
    if (request) onSubmit(request, () => form.setErrors({ programId: OFFER_ENDED_MESSAGE }));
  };

  const programError = form.errors.programId ?? (error ? `Programs could not be loaded (${error.message})` : undefined);

  return (
    <DialogForm
      titleId={titleId}
      title="Submit New Link"
      description={
        <>
          Choose a program and add your referral link. New links are reviewed before they go into rotation. Program not listed?{" "}
          <Link component={RouterLink} to="/submit">
            Propose a new program
          </Link>
          .
        </>
      }
      submitLabel="Submit Link"
      pending={pending}
      onSubmit={handleSubmit}
      onCancel={onCancel}
    >
      <ProgramPicker
        id="new-link-program"
        programs={programs}
        loading={isLoading}
        excludeProgramIds={takenProgramIds}
        value={programId}
        onChange={setProgramId}
        error={programError}
        disabled={pending}
        autoFocus
      />
      <ReferralLinkField form={form} disabled={pending} showPlaceholder />
      <OfferDetailsField form={form} disabled={pending} showPlaceholder />
    </DialogForm>
  );
}
