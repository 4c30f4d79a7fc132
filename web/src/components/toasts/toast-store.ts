/** The toast state, kept apart from React so its rules can be tested on their own. */

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant | undefined;
}

export interface Toast {
  id: number;
  title: string;
  description: string | undefined;
  variant: ToastVariant;
  /** False once dismissed; the toast is removed when its exit transition ends. */
  open: boolean;
}

export interface ToastState {
  toasts: Toast[];
}

/** At most one toast is visible: a new one replaces the old. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** A swipe to the right of at least this many pixels dismisses the toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastAction =
  { type: "add"; toast: Toast } | { type: "dismiss"; id?: number | undefined } | { type: "remove"; id?: number | undefined };

export const initialToastState: ToastState = { toasts: [] };

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "add":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "dismiss":
      return {
        toasts: state.toasts.map((toast) => (action.id === undefined || toast.id === action.id ? { ...toast, open: false } : toast)),
      };
    case "remove":
      return { toasts: action.id === undefined ? [] : state.toasts.filter((toast) => toast.id !== action.id) };
  }
}

export function createToast(id: number, input: ToastInput): Toast {
  return { id, title: input.title, description: input.description, variant: input.variant ?? "default", open: true };
}
