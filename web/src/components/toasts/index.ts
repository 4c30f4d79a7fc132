export { ToastProvider } from "./toast-provider";
export { useToast } from "./use-toast";
export { failureToast, useToastMutation, type MutationToasts, type ToastMutationOptions, type ToastsFor } from "./use-toast-mutation";
export type { ToastInput, ToastVariant } from "./toast-store";
