import Alert from "@mui/material/Alert";
import { useMemo, useState } from "react";
import type { Program } from "@hub/contract/programs";
import { FormDialog, SelectField } from "@/components/forms/index";
import { useMergeProgram } from "../api/merge-program";
import { otherProgramOptions } from "@/lib/sorting";

/** Merge a program into another: every link moves to the target and this program is deleted. */
export function MergeProgramDialog({
  program,
  programs,
  onClose,
}: {
  program: Program;
  programs: readonly Program[];
  onClose: () => void;
}) {
  const [targetId, setTargetId] = useState("");
  const options = useMemo(() => otherProgramOptions(programs, program.id), [programs, program.id]);
  const target = targetId === "" ? undefined : programs.find((candidate) => candidate.id === targetId);
  const merge = useMergeProgram({
    success: ({ movedLinks }, { targetProgramId }) => ({
      title: "Programs merged",
      description: `${String(movedLinks)} link(s) moved from ${program.name} to ${programs.find((candidate) => candidate.id === targetProgramId)?.name ?? targetProgramId}`,
    }),
    // A 409 MERGE_CONFLICT names the members with a link in both programs.
    error: "Merge failed",
  });

  const handleMerge = () => {
    if (!target) return;
    merge.mutate({ id: program.id, targetProgramId: target.id }, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title={`Merge ${program.name} into…`}
      description={`All ${String(program.linkCount)} link(s) of ${program.name} move to the program you choose, and ${program.name} is deleted.`}
      submitLabel="Merge"
      submitColor="warning"
      submitDisabled={!target}
      pending={merge.isPending}
      onSubmit={handleMerge}
      onClose={onClose}
    >
      <SelectField label="Target program" value={targetId} options={options} onChange={setTargetId} />
      {target ? (
        <Alert severity="warning">
          Merge {program.name} into {target.name}? This cannot be undone.
        </Alert>
      ) : null}
    </FormDialog>
  );
}
