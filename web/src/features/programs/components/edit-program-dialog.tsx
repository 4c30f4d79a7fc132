import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useId, useState, type FormEvent } from "react";
import { updateProgramRequestSchema, type Program } from "@hub/contract/programs";
import { useToast } from "@/components/toasts/index";
import { useUpdateProgram } from "../api/update-program";
import { errorText } from "@/lib/error-text";
import { fallbackUrlForRequest } from "../utils/program-list";

type Field = "name" | "description" | "fallbackUrl";
type FieldErrors = Partial<Record<Field, string>>;

/** Edit a program's name, description and fallback address (empty clears it). */
export function EditProgramDialog({ program, onClose }: { program: Program; onClose: () => void }) {
  const { toast } = useToast();
  const updateProgram = useUpdateProgram();
  const titleId = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    name: program.name,
    description: program.description ?? "",
    fallbackUrl: program.fallbackUrl ?? "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProgramRequestSchema.safeParse({
      name: values.name,
      description: values.description,
      fallbackUrl: fallbackUrlForRequest(values.fallbackUrl),
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "name" || field === "description" || field === "fallbackUrl") && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    updateProgram.mutate(
      { id: program.id, ...parsed.data },
      {
        onSuccess: () => {
          toast({ title: "Program updated", description: `${parsed.data.name ?? program.name} has been saved` });
          onClose();
        },
        onError: (error) => toast({ title: "Failed to update program", description: errorText(error), variant: "destructive" }),
      },
    );
  };

  return (
    <Dialog open onClose={updateProgram.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>Edit program</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Name"
              value={values.name}
              onChange={change("name")}
              error={Boolean(errors.name)}
              helperText={errors.name}
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label="Description"
              value={values.description}
              onChange={change("description")}
              error={Boolean(errors.description)}
              helperText={errors.description}
              multiline
              minRows={3}
              fullWidth
            />
            <TextField
              label="Fallback URL"
              type="url"
              value={values.fallbackUrl}
              onChange={change("fallbackUrl")}
              error={Boolean(errors.fallbackUrl)}
              helperText={errors.fallbackUrl ?? "Optional. Visitors go here when the program has no active link; leave empty to clear."}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={updateProgram.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={updateProgram.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
