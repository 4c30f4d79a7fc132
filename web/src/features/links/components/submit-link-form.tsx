import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { useState, type SubmitEvent } from "react";
import { useNavigate } from "react-router-dom";
import type { CreateProgramRequest, Program } from "@hub/contract/programs";
import type { CurrentUser } from "@hub/contract/users";
import { failureToast, useToast } from "@/components/toasts/index";
import { readStorage, STORAGE_KEYS, writeStorage } from "@/lib/browser-storage";
import { FormTextField, useFormFields } from "@/components/forms/index";
import { useCreateLink } from "../api/create-link";
import { useTakenProgramIds } from "../api/get-own-links";
import { DUPLICATE_PROGRAM_TOAST, isDuplicateProgramError } from "../utils/duplicate-link";
import { isOfferEndedError, OFFER_ENDED_MESSAGE, OFFER_ENDED_TOAST } from "../utils/offer-ended";
import { validateSubmitLinkForm, type ProgramChoice, type SubmitLinkField } from "../utils/link-forms";
import { CREATE_NEW_PROGRAM_ID } from "../utils/program-options";
import { initialSubmitterDetails, parseSubmitterDetails, serializeSubmitterDetails } from "../utils/submitter-details";
import { OfferDetailsField, ReferralLinkField } from "./link-fields";
import type { ProgramsState } from "./new-link-dialog";
import { NewProgramFields, type NewProgramField } from "./new-program-fields";
import { ProgramPicker } from "./program-picker";

interface SubmitLinkFormProps {
  user: CurrentUser;
  programs: ProgramsState;
  /** POST /api/programs (from the programs feature), which toasts its own failure. */
  createProgram: (request: CreateProgramRequest) => Promise<Program>;
  /** A program chosen before arriving (the 'Submit your link' shortcut on /programs). */
  preselectedProgramId?: string | null;
}

const EMPTY_PROGRAM = { newProgramName: "", newProgramDescription: "", newProgramFallbackUrl: "" };

function toPickerValue(choice: ProgramChoice): string | null {
  if (!choice) return null;
  return choice.kind === "create" ? CREATE_NEW_PROGRAM_ID : choice.programId;
}

function fromPickerValue(value: string | null): ProgramChoice {
  if (value === null) return null;
  return value === CREATE_NEW_PROGRAM_ID ? { kind: "create" } : { kind: "existing", programId: value };
}

/** /submit: a link for an existing program, or a new program and then its first link. */
export function SubmitLinkForm({ user, programs, createProgram, preselectedProgramId = null }: SubmitLinkFormProps) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const createLink = useCreateLink({
    success: { title: "Link submitted", description: "Your referral link has been submitted and is pending review." },
    error: (error) =>
      isDuplicateProgramError(error)
        ? DUPLICATE_PROGRAM_TOAST
        : isOfferEndedError(error)
          ? OFFER_ENDED_TOAST
          : failureToast("Failed to create referral link", error),
  });
  const takenProgramIds = useTakenProgramIds();

  const form = useFormFields<"name" | "email" | "link" | "description" | NewProgramField, SubmitLinkField>(() => ({
    ...initialSubmitterDetails(user, parseSubmitterDetails(readStorage(STORAGE_KEYS.submitterDetails))),
    link: "",
    description: "",
    ...EMPTY_PROGRAM,
  }));
  const { values, errors } = form;
  const [chosenProgram, setChosenProgram] = useState<ProgramChoice>(null);
  const [programTouched, setProgramTouched] = useState(false);
  // Offered until the member picks something else, and only where they may still submit a link.
  const preselected: ProgramChoice =
    !programTouched &&
    preselectedProgramId !== null &&
    (programs.programs ?? []).some((program) => program.id === preselectedProgramId && !program.offerEnded) &&
    takenProgramIds !== undefined &&
    !takenProgramIds.includes(preselectedProgramId)
      ? { kind: "existing", programId: preselectedProgramId }
      : null;
  const program = chosenProgram ?? preselected;
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const plan = form.parse(validateSubmitLinkForm, {
      ...values,
      program,
      newProgram: { name: values.newProgramName, description: values.newProgramDescription, fallbackUrl: values.newProgramFallbackUrl },
    });
    if (!plan) return;
    setSubmitting(true);
    try {
      let programId: string;
      if (plan.program.kind === "create") {
        try {
          programId = (await createProgram(plan.program.request)).id;
        } catch {
          return; // toasted by the program's mutation
        }
        // The program exists now: a retry after a failed link must not try to create it again.
        setChosenProgram({ kind: "existing", programId });
        form.setValues((current) => ({ ...current, ...EMPTY_PROGRAM }));
      } else {
        programId = plan.program.programId;
      }

      try {
        await createLink.mutateAsync({ ...plan.link, programId });
      } catch (error) {
        // toasted by the link's mutation; an ended offer is also said where the program was chosen
        if (isOfferEndedError(error)) form.setErrors({ programId: OFFER_ENDED_MESSAGE });
        return;
      }

      writeStorage(STORAGE_KEYS.submitterDetails, serializeSubmitterDetails({ name: plan.link.name, email: plan.link.email }));
      await navigate(user.isAdmin ? "/admin" : "/");
    } catch (error) {
      toast(failureToast("Submission failed", error));
    } finally {
      setSubmitting(false);
    }
  };

  const programError = errors.programId ?? (programs.error ? `Programs could not be loaded (${programs.error.message})` : undefined);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
      <Stack component="form" noValidate onSubmit={(event) => void handleSubmit(event)} spacing={2.5}>
        <FormTextField form={form} field="name" name="name" label="Your Name" autoComplete="name" required disabled={submitting} />
        <FormTextField
          form={form}
          field="email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          disabled={submitting}
        />
        <ReferralLinkField form={form} disabled={submitting} showPlaceholder />
        <OfferDetailsField form={form} disabled={submitting} showPlaceholder />
        <ProgramPicker
          id="submit-link-program"
          programs={programs.programs}
          loading={programs.isLoading}
          excludeProgramIds={takenProgramIds}
          allowCreate
          value={toPickerValue(program)}
          onChange={(value) => {
            setProgramTouched(true);
            setChosenProgram(fromPickerValue(value));
          }}
          error={programError}
          disabled={submitting}
        />
        {program?.kind === "create" ? <NewProgramFields form={form} disabled={submitting} /> : null}
        <Button type="submit" variant="contained" size="large" loading={submitting} sx={{ alignSelf: "flex-start" }}>
          Submit Link
        </Button>
      </Stack>
    </Paper>
  );
}
