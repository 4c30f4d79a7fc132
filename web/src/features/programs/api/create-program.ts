// Proposes a program (a member's stays unapproved; an admin's is approved).
import { useQueryClient } from "@tanstack/react-query";
import type { CreateProgramRequest } from "@hub/contract/programs";
import { callApi } from "@/lib/api-client";
import { programsQueryOptions } from "./get-programs";
import { useToastMutation, type ToastsFor } from "@/components/toasts/index";

export function createProgram(input: CreateProgramRequest) {
  return callApi("createProgram", { body: input });
}

export function useCreateProgram(toasts: ToastsFor<typeof createProgram>) {
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: createProgram,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programsQueryOptions().queryKey }),
    ...toasts,
  });
}
