import { useMutation, type UseMutationOptions, type UseMutationResult } from "@tanstack/react-query";
import { errorText } from "@/lib/error-text";
import type { ToastInput } from "./toast-store";
import { useToast } from "./use-toast";

/** The toast for a failed call: the title, with the error's text (errorText) as its description. */
export function failureToast(title: string, error: unknown): ToastInput {
  return { title, description: errorText(error), variant: "destructive" };
}

/** A failure toast with a fixed text instead of the error's. */
export interface FixedFailure {
  title: string;
  description: string;
}

/** What a mutation toasts when it is done. */
export interface MutationToasts<TData, TVariables> {
  /** After success: a fixed toast, or one made from the answer and the variables (null: none). */
  success?: ToastInput | ((data: TData, variables: TVariables) => ToastInput | null);
  /**
   * After a failure: the title of a failureToast; a fixed title and text (where the
   * error has no text to show); or a toast made from the error (null: none, the caller shows the
   * failure another way, e.g. under a field).
   */
  error: string | FixedFailure | ((error: Error, variables: TVariables) => ToastInput | null);
}

/** The toasts of a mutation that calls F. */
export type ToastsFor<F extends (variables: never) => Promise<unknown>> = MutationToasts<Awaited<ReturnType<F>>, Parameters<F>[0]>;

export type ToastMutationOptions<TData, TVariables, TOnMutateResult = unknown> = UseMutationOptions<
  TData,
  Error,
  TVariables,
  TOnMutateResult
> &
  MutationToasts<TData, TVariables>;

/**
 * useMutation that toasts its result: `success` once the mutation's own onSuccess (its invalidation)
 * is done, `error` on a failure. The toasts hang off the mutation, not off mutate()'s callbacks, so
 * they show even when the component that started it has unmounted meanwhile (a card filtered out).
 */
export function useToastMutation<TData = unknown, TVariables = void, TOnMutateResult = unknown>({
  success,
  error,
  onSuccess,
  onError,
  ...options
}: ToastMutationOptions<TData, TVariables, TOnMutateResult>): UseMutationResult<TData, Error, TVariables, TOnMutateResult> {
  const { toast } = useToast();
  return useMutation({
    ...options,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await onSuccess?.(data, variables, onMutateResult, context);
      const shown = typeof success === "function" ? success(data, variables) : success;
      if (shown) toast(shown);
    },
    onError: async (failure, variables, onMutateResult, context) => {
      const shown =
        typeof error === "function"
          ? error(failure, variables)
          : typeof error === "string"
            ? failureToast(error, failure)
            : { ...error, variant: "destructive" as const };
      if (shown) toast(shown);
      await onError?.(failure, variables, onMutateResult, context);
    },
  });
}
