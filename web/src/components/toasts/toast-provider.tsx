import { lazy, Suspense, useCallback, useMemo, useReducer, useRef, type ReactNode } from "react";
import { ToastContext, type ToastApi } from "./toast-context";
import { createToast, initialToastState, toastReducer, type ToastInput } from "./toast-store";

// The toasts' code (MUI's Snackbar and Alert) loads with the first toast, not with the first page.
const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

export function ToastProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(toastReducer, initialToastState);
  const nextId = useRef(1);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    dispatch({ type: "add", toast: createToast(id, input) });
    return id;
  }, []);
  const dismiss = useCallback((id?: number) => {
    dispatch({ type: "dismiss", id });
  }, []);
  const remove = useCallback((id: number) => {
    dispatch({ type: "remove", id });
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {state.toasts.length > 0 ? (
        <Suspense fallback={null}>
          <Toaster toasts={state.toasts} onDismiss={dismiss} onRemove={remove} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
