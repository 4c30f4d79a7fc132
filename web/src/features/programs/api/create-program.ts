// Proposes a program (a member's stays unapproved; an admin's is approved).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateProgramRequest } from "@hub/contract/programs";
import { callApi } from "@/lib/api-client";
import { programsQueryOptions } from "./get-programs";

export function createProgram(input: CreateProgramRequest) {
  return callApi("createProgram", { body: input });
}

export function useCreateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProgram,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programsQueryOptions().queryKey }),
  });
}
