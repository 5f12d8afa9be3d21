import { describe, expect, it } from 'vitest';
import { $toasts, dismissErrorToasts, dismissToast, toast } from '#lib/client/toast.ts';

describe('toasts', () => {
  it('keeps at most one toast: a new one replaces the last', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'More', variant: 'destructive' });
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({ title: 'Second', description: 'More', variant: 'destructive', open: true });
  });
  it('closes a dismissed toast', () => {
    const id = toast({ title: 'Bye' });
    dismissToast(id);
    expect($toasts.get().find((t) => t.id === id)?.open).toBe(false);
  });
  it('closes the open error toast when asked, and leaves a confirmation open', () => {
    const error = toast({ title: 'Invalid Code', variant: 'destructive' });
    dismissErrorToasts();
    expect($toasts.get().find((t) => t.id === error)?.open).toBe(false);
    const confirmation = toast({ title: 'Saved' });
    dismissErrorToasts();
    expect($toasts.get().find((t) => t.id === confirmation)?.open).toBe(true);
  });
});
