import { describe, expect, it } from 'vitest';
import { $toasts, dismissToast, toast } from '#lib/client/toast.ts';

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
});
