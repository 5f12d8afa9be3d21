import * as ToastPrimitive from '@radix-ui/react-toast';
import { useStore } from '@nanostores/react';
import { X } from 'lucide-react';
import { $toasts, TOAST_DURATION_MS, dismissToast } from '#lib/client/toast.ts';

/** The toast area's words for screen readers in the page's language; without `region` and `notification`, Radix's English. */
export interface ToastWords {
  /** Each toast's close button. */
  close: string;
  /** The area itself; `{hotkey}` is the key that focuses it. */
  region?: string;
  /** What screen readers announce a toast as, before its words. */
  notification?: string;
}

/**
 * The page's one toast area (Radix Toast): 5 s, swipe right 50 px to dismiss, F8 focuses it, 420 px wide at most.
 * Toaster.tsx is the pages' island; OnDemandToaster loads it for a widget that brings its own.
 */
export default function ToastArea({ words }: { words: ToastWords }) {
  const toasts = useStore($toasts);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      {...(words.notification && { label: words.notification })}
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={`group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-xl border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 ${
            t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900'
          }`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close aria-label={words.close} className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        {...(words.region && { label: words.region })}
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full max-w-[420px] flex-col gap-2 p-4"
      />
    </ToastPrimitive.Provider>
  );
}
