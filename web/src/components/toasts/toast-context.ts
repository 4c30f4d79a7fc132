import { createContext } from "react";
import type { ToastInput } from "./toast-store";

export interface ToastApi {
  /** Shows a toast, replacing the one on screen; returns its id. */
  toast: (input: ToastInput) => number;
  /** Dismisses the toast with this id, or every toast. */
  dismiss: (id?: number) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
