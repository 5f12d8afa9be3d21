import { Loader2 } from 'lucide-react';

/** What a form loaded on demand shows while its code arrives, in the page's language. */
export function LoadingLine({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 text-stone-700" role="status">
      <Loader2 className="h-5 w-5 animate-spin text-flame-700" aria-hidden="true" />
      {label}
    </p>
  );
}
