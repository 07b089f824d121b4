import type { ReactNode } from 'react';

/*
 * The page's one toast queue: toast() works from anywhere (api-client error handlers, event
 * handlers, plain functions, any remote) and the single <ToastProvider> in the shell renders it.
 * This file is its own entry point, `@chat/ui/toast-store`, shared by Module Federation as a
 * singleton (packages/build-config): the shell and every remote get this one module instance.
 * The rest of @chat/ui (components, stateless) is bundled by each app, so that only the
 * components a page uses are in its download. Inside @chat/ui, import it by that name, never by
 * a relative path, or the app would bundle a second queue.
 */

export type ToastType = 'default' | 'error' | 'success' | 'alert';

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  type?: ToastType;
  /** Milliseconds before it closes by itself; defaults to PRODUCT_TOAST_DURATION. */
  duration?: number;
}

export interface ToastItem {
  id: string;
  title: string;
  description?: ReactNode;
  type: ToastType;
  duration: number;
  open: boolean;
}

/** How long the product shows a toast (the Radix provider's own default is 5000 ms). */
export const PRODUCT_TOAST_DURATION = 3000;

/** At most this many toasts stay open; older ones are closed to make room. */
export const MAX_VISIBLE_TOASTS = 5;

/** Time a closed toast stays in the store so its exit animation can play. */
const REMOVE_DELAY = 300;

interface ToastState {
  items: readonly ToastItem[];
  counter: number;
  listeners: Set<() => void>;
  removalTimers: Map<string, ReturnType<typeof setTimeout>>;
}

const state: ToastState = {
  items: [],
  counter: 0,
  listeners: new Set(),
  removalTimers: new Map(),
};
const { listeners, removalTimers } = state;

function setItems(next: readonly ToastItem[]) {
  state.items = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setItems(state.items.filter((item) => item.id !== id));
    }, REMOVE_DELAY),
  );
}

/** Shows a toast. Usable outside React. Returns the toast's id (for dismissToast). */
export function toast(options: ToastOptions): string {
  state.counter += 1;
  const id = `toast-${state.counter}`;
  const item: ToastItem = {
    id,
    title: options.title,
    description: options.description,
    type: options.type ?? 'default',
    duration: options.duration ?? PRODUCT_TOAST_DURATION,
    open: true,
  };
  let next = [...state.items, item];
  const open = next.filter((t) => t.open);
  if (open.length > MAX_VISIBLE_TOASTS) {
    const overflow = new Set(open.slice(0, open.length - MAX_VISIBLE_TOASTS).map((t) => t.id));
    next = next.map((t) => (overflow.has(t.id) ? { ...t, open: false } : t));
    overflow.forEach(scheduleRemoval);
  }
  setItems(next);
  return id;
}

/** Closes one toast, or every toast when called without an id. */
export function dismissToast(id?: string): void {
  const closing = state.items.filter((t) => t.open && (id === undefined || t.id === id));
  if (closing.length === 0) return;
  const ids = new Set(closing.map((t) => t.id));
  setItems(state.items.map((t) => (ids.has(t.id) ? { ...t, open: false } : t)));
  ids.forEach(scheduleRemoval);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): readonly ToastItem[] {
  return state.items;
}

/** Test helper: empties the store without animations. Not part of the public API. */
export function resetToastStore(): void {
  removalTimers.forEach((timer) => clearTimeout(timer));
  removalTimers.clear();
  setItems([]);
}
