import { useEffect, useRef, type ReactNode } from 'react';

/** A step's heading; it takes focus when the step appears, so keyboard and screen-reader users land on it. */
export function StepHeading({ children, focusOnMount = true }: { children: ReactNode; focusOnMount?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h2 ref={ref} tabIndex={-1} className="text-2xl font-bold text-ember-900 focus:outline-none">
      {children}
    </h2>
  );
}
