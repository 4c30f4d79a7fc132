// POST /api/programs – proposes a program (a member's stays unapproved; an admin's is approved).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { programSchema, type CreateProgramRequest, type Program } from "@hub/contract/programs";
import { apiRequest } from "@/lib/api-client";
import { programsQueryOptions } from "./get-programs";

export function createProgram(input: CreateProgramRequest): Promise<Program> {
  return apiRequest("/api/programs", { method: "POST", body: input, schema: programSchema });
}

export function useCreateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProgram,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programsQueryOptions().queryKey }),
  });
}
