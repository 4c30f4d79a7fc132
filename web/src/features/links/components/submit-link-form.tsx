import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMemo, useState, type SubmitEvent } from "react";
import { useNavigate } from "react-router-dom";
import type { CreateProgramRequest, Program } from "@hub/contract/programs";
import type { CurrentUser } from "@hub/contract/users";
import { useToast } from "@/components/toasts/index";
import { readStorage, STORAGE_KEYS, writeStorage } from "@/lib/browser-storage";
import type { FieldErrors } from "@/lib/form-errors";
import { useCreateLink } from "../api/create-link";
import { useUserLinks } from "../api/get-user-links";
import { DUPLICATE_PROGRAM_TOAST, isDuplicateProgramError } from "../utils/duplicate-link";
import { errorMessage } from "../utils/error-message";
import { validateSubmitLinkForm, type ProgramChoice, type SubmitLinkField, type SubmitLinkFormValues } from "../utils/link-forms";
import { CREATE_NEW_PROGRAM_ID } from "../utils/program-options";
import { initialSubmitterDetails, parseSubmitterDetails, serializeSubmitterDetails } from "../utils/submitter-details";
import { OfferDetailsField, ReferralLinkField } from "./link-fields";
import type { ProgramsState } from "./new-link-dialog";
import { NewProgramFields } from "./new-program-fields";
import { ProgramPicker } from "./program-picker";

interface SubmitLinkFormProps {
  user: CurrentUser;
  programs: ProgramsState;
  /** POST /api/programs (from the programs feature). */
  createProgram: (request: CreateProgramRequest) => Promise<Program>;
  /** A program chosen before arriving (the 'Submit your link' shortcut on /programs). */
  preselectedProgramId?: string | null;
}

const EMPTY_PROGRAM = { name: "", description: "", fallbackUrl: "" };

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
  const createLink = useCreateLink();
  const { data: ownLinks } = useUserLinks();
  const takenProgramIds = useMemo(() => (ownLinks ?? []).map((link) => link.programId), [ownLinks]);

  const [values, setValues] = useState<SubmitLinkFormValues>(() => ({
    ...initialSubmitterDetails(user, parseSubmitterDetails(readStorage(STORAGE_KEYS.submitterDetails))),
    link: "",
    description: "",
    program: null,
    newProgram: EMPTY_PROGRAM,
  }));
  const [programTouched, setProgramTouched] = useState(false);
  // Offered until the member picks something else, and only where they may still submit a link.
  const preselected: ProgramChoice =
    !programTouched &&
    preselectedProgramId !== null &&
    (programs.programs ?? []).some((program) => program.id === preselectedProgramId) &&
    !takenProgramIds.includes(preselectedProgramId)
      ? { kind: "existing", programId: preselectedProgramId }
      : null;
  const program = values.program ?? preselected;
  const [errors, setErrors] = useState<FieldErrors<SubmitLinkField>>({});
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends keyof SubmitLinkFormValues>(field: K, value: SubmitLinkFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
  };

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateSubmitLinkForm({ ...values, program });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const plan = result.value;
      let programId: string;
      if (plan.program.kind === "create") {
        try {
          programId = (await createProgram(plan.program.request)).id;
        } catch (error) {
          toast({ title: "Failed to create program", description: errorMessage(error), variant: "destructive" });
          return;
        }
        // The program exists now: a retry after a failed link must not try to create it again.
        setValues((current) => ({ ...current, program: { kind: "existing", programId }, newProgram: EMPTY_PROGRAM }));
      } else {
        programId = plan.program.programId;
      }

      try {
        await createLink.mutateAsync({ ...plan.link, programId });
      } catch (error) {
        toast(
          isDuplicateProgramError(error)
            ? DUPLICATE_PROGRAM_TOAST
            : { title: "Failed to create referral link", description: errorMessage(error), variant: "destructive" },
        );
        return;
      }

      writeStorage(STORAGE_KEYS.submitterDetails, serializeSubmitterDetails({ name: plan.link.name, email: plan.link.email }));
      toast({ title: "Link submitted", description: "Your referral link has been submitted and is pending review." });
      await navigate(user.isAdmin ? "/admin" : "/");
    } catch (error) {
      toast({ title: "Submission failed", description: errorMessage(error), variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  };

  const programError = errors.programId ?? (programs.error ? `Programs could not be loaded (${programs.error.message})` : undefined);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
      <Stack component="form" noValidate onSubmit={(event) => void handleSubmit(event)} spacing={2.5}>
        <TextField
          label="Your Name"
          name="name"
          autoComplete="name"
          required
          fullWidth
          value={values.name}
          onChange={(event) => {
            set("name", event.target.value);
          }}
          error={Boolean(errors.name)}
          helperText={errors.name}
          disabled={submitting}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          value={values.email}
          onChange={(event) => {
            set("email", event.target.value);
          }}
          error={Boolean(errors.email)}
          helperText={errors.email}
          disabled={submitting}
        />
        <ReferralLinkField
          value={values.link}
          onChange={(value) => {
            set("link", value);
          }}
          error={errors.link}
          disabled={submitting}
          showPlaceholder
        />
        <OfferDetailsField
          value={values.description}
          onChange={(value) => {
            set("description", value);
          }}
          error={errors.description}
          disabled={submitting}
          showPlaceholder
        />
        <ProgramPicker
          id="submit-link-program"
          programs={programs.programs}
          loading={programs.isLoading}
          excludeProgramIds={takenProgramIds}
          allowCreate
          value={toPickerValue(program)}
          onChange={(value) => {
            setProgramTouched(true);
            set("program", fromPickerValue(value));
          }}
          error={programError}
          disabled={submitting}
        />
        {program?.kind === "create" ? (
          <NewProgramFields
            values={values.newProgram}
            onChange={(newProgram) => {
              set("newProgram", newProgram);
            }}
            errors={errors}
            disabled={submitting}
          />
        ) : null}
        <Button type="submit" variant="contained" size="large" loading={submitting} sx={{ alignSelf: "flex-start" }}>
          Submit Link
        </Button>
      </Stack>
    </Paper>
  );
}
