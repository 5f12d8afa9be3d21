import { useLayoutEffect, useRef } from 'react';

/**
 * A native modal <dialog> shown while `open` is true: showModal() when it turns true (focus moves in and stays, the page
 * behind is inert), close() when it turns false. A layout effect, so that the dialog is open before the effects of
 * what it holds move focus into it: an element inside a closed dialog cannot take focus.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
