import type { Program } from "@hub/contract/programs";
import { useDeleteProgram } from "../api/delete-program";
import { ConfirmDialog } from "@/components/forms/index";

export function DeleteProgramDialog({ program, onClose }: { program: Program; onClose: () => void }) {
  const deleteProgram = useDeleteProgram({
    success: { title: "Program deleted", description: `${program.name} and its links have been removed` },
    error: "Failed to delete program",
  });
  return (
    <ConfirmDialog
      open
      title="Delete program?"
      confirmLabel="Delete"
      destructive
      pending={deleteProgram.isPending}
      onClose={onClose}
      onConfirm={() => deleteProgram.mutate({ id: program.id }, { onSuccess: onClose })}
    >
      Deleting {program.name} also deletes its {program.linkCount} link(s) and all of their clicks. This cannot be undone.
    </ConfirmDialog>
  );
}
