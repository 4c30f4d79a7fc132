export { ToastProvider } from "./toast-provider";
export { useToast } from "./use-toast";
export type { ToastInput, ToastVariant } from "./toast-store";
