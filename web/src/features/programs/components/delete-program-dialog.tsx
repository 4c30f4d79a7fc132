import type { Program } from "@hub/contract/programs";
import { useToast } from "@/components/toasts/index";
import { useDeleteProgram } from "../api/delete-program";
import { errorText } from "@/lib/error-text";
import { ConfirmDialog } from "@/components/forms/index";

export function DeleteProgramDialog({ program, onClose }: { program: Program; onClose: () => void }) {
  const { toast } = useToast();
  const deleteProgram = useDeleteProgram();
  return (
    <ConfirmDialog
      open
      title="Delete program?"
      confirmLabel="Delete"
      destructive
      pending={deleteProgram.isPending}
      onClose={onClose}
      onConfirm={() =>
        deleteProgram.mutate(
          { id: program.id },
          {
            onSuccess: () => {
              toast({ title: "Program deleted", description: `${program.name} and its links have been removed` });
              onClose();
            },
            onError: (error) => toast({ title: "Failed to delete program", description: errorText(error), variant: "destructive" }),
          },
        )
      }
    >
      Deleting {program.name} also deletes its {program.linkCount} link(s) and all of their clicks. This cannot be undone.
    </ConfirmDialog>
  );
}
