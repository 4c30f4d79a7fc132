import { describe, expect, it } from "vitest";
import { createToast, initialToastState, toastReducer, type ToastState } from "./toast-store";

const add = (state: ToastState, id: number, title = `toast ${String(id)}`) =>
  toastReducer(state, { type: "add", toast: createToast(id, { title }) });

describe("toastReducer", () => {
  it("shows a new toast open, with the default look unless told otherwise", () => {
    const state = add(initialToastState, 1);
    expect(state.toasts).toEqual([{ id: 1, title: "toast 1", description: undefined, variant: "default", open: true }]);
    expect(createToast(2, { title: "Login failed", description: "401: x", variant: "destructive" }).variant).toBe("destructive");
  });

  it("keeps at most one toast: a new one replaces the old", () => {
    const state = add(add(initialToastState, 1), 2);
    expect(state.toasts.map((toast) => toast.id)).toEqual([2]);
  });

  it("dismisses one toast by id, or all", () => {
    const state = add(initialToastState, 1);
    expect(toastReducer(state, { type: "dismiss", id: 99 }).toasts[0]?.open).toBe(true);
    expect(toastReducer(state, { type: "dismiss", id: 1 }).toasts[0]?.open).toBe(false);
    expect(toastReducer(state, { type: "dismiss" }).toasts[0]?.open).toBe(false);
  });

  it("removes a toast by id, or all", () => {
    const state = add(initialToastState, 1);
    expect(toastReducer(state, { type: "remove", id: 2 }).toasts).toHaveLength(1);
    expect(toastReducer(state, { type: "remove", id: 1 }).toasts).toHaveLength(0);
    expect(toastReducer(state, { type: "remove" }).toasts).toHaveLength(0);
  });
});
