import { useMemo, useState } from "react";
import type { ReferralLink } from "@hub/contract/links";
import type { Program } from "@hub/contract/programs";
import { FormDialog, SelectField } from "@/components/forms/index";
import { useMoveLink } from "../api/move-link";
import { otherProgramOptions } from "@/lib/sorting";

/** Move a link to another program: the current one is not offered, and Move waits for a choice. */
export function MoveLinkDialog({ link, programs, onClose }: { link: ReferralLink; programs: readonly Program[]; onClose: () => void }) {
  const [programId, setProgramId] = useState("");
  const target = programs.find((program) => program.id === programId);
  const moveLink = useMoveLink({
    success: (_moved, moved) => ({
      title: "Link moved",
      description: `The link now belongs to ${programs.find((program) => program.id === moved.programId)?.name ?? moved.programId}`,
    }),
    error: "Failed to move link",
  });
  const options = useMemo(() => otherProgramOptions(programs, link.programId), [programs, link.programId]);

  const handleMove = () => {
    if (target) moveLink.mutate({ id: link.id, programId: target.id }, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title="Move link to another program"
      description={`Move the link by ${link.name} out of ${link.programName}.`}
      submitLabel="Move"
      submitDisabled={programId === ""}
      maxWidth="xs"
      pending={moveLink.isPending}
      onSubmit={handleMove}
      onClose={onClose}
    >
      <SelectField label="Program" value={programId} options={options} onChange={setProgramId} />
    </FormDialog>
  );
}
