import type { ReactNode } from 'react';

/** One term of a <dl> on the area card and the licence cards: a quiet label above its value. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="font-semibold text-stone-900">{children}</dd>
    </div>
  );
}
