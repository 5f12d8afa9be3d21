import { atom } from 'nanostores';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  open: boolean;
}

/** The spec's toast rules. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const $toasts = atom<Toast[]>([]);

let nextId = 1;

/** Shows a toast; with a limit of one, it replaces whatever toast was showing. */
export function toast(input: { title: string; description?: string; variant?: Toast['variant'] }): number {
  const id = nextId++;
  $toasts.set(
    [{ id, title: input.title, description: input.description, variant: input.variant ?? 'default', open: true }, ...$toasts.get()].slice(
      0,
      TOAST_LIMIT,
    ),
  );
  return id;
}

/** Closes a toast; it leaves the list after the spec's removal delay. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => $toasts.set($toasts.get().filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
}

/** Closes every open error toast: a step that moves on leaves the last step's error behind (an accepted code). */
export function dismissErrorToasts(): void {
  for (const t of $toasts.get()) if (t.open && t.variant === 'destructive') dismissToast(t.id);
}
