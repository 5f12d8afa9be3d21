/** What a small form that stays on the page says once it is sent: its title and message, announced as they appear. */
export interface Outcome {
  tone: 'success' | 'error';
  title: string;
  message: string;
}

/** The alert forms' outcome line, in a live region that is there before anything is said in it. */
export function FormOutcome({ outcome }: { outcome: Outcome | null }) {
  return (
    <div aria-live="polite">
      {outcome && (
        <p
          className={`rounded-lg border p-3 text-sm ${outcome.tone === 'success' ? 'border-green-300 bg-green-50 text-green-950' : 'border-red-300 bg-red-50 text-red-950'}`}
          role={outcome.tone === 'error' ? 'alert' : 'status'}
        >
          <strong className="font-semibold">{outcome.title}.</strong> {outcome.message}
        </p>
      )}
    </div>
  );
}
