import { lazy, Suspense, useEffect, useState } from 'react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';

// The toast area of a widget that brings its own (Report a problem, Ask to join), loaded when first needed: neither the
// directory nor a club's page has one, and inside the directory's modal dialog only a toast area in the dialog shows.
const ToastArea = lazy(() => import('./ToastArea.tsx'));

/** The mounted on-demand toast areas, oldest first: only the first shows the toasts, so that none shows twice. */
const $mounted = atom<number[]>([]);
let lastKey = 0;

/** A toast area unless another on-demand one is already on the page; `closeLabel` names its toasts' Close button. */
export function OnDemandToaster({ closeLabel }: { closeLabel: string }) {
  const [key] = useState(() => (lastKey += 1));
  const mounted = useStore($mounted);

  useEffect(() => {
    $mounted.set([...$mounted.get(), key]);
    return () => $mounted.set($mounted.get().filter((other) => other !== key));
  }, [key]);

  return mounted[0] === key ? (
    <Suspense fallback={null}>
      <ToastArea words={{ close: closeLabel }} />
    </Suspense>
  ) : null;
}
