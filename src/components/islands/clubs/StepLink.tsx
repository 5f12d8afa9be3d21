import type { ReactNode } from 'react';
import { useHydrated } from '#components/islands/shared/form-posts.ts';

/**
 * A button that moves the wizard to another step once the island has hydrated; before (or without JavaScript) a link
 * to the page that opens on that step, which the server renders (decision 030).
 */
export function StepLink({
  href,
  onClick,
  className,
  children,
}: {
  href: string;
  onClick: () => void;
  className: string;
  children: ReactNode;
}) {
  return useHydrated() ? (
    <button type="button" className={className} onClick={onClick}>
      {children}
    </button>
  ) : (
    <a className={className} href={href}>
      {children}
    </a>
  );
}
