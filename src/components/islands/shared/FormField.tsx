import { useId, type ReactElement, cloneElement } from 'react';

interface FormFieldProps {
  label: string;
  error?: string;
  hint?: string;
  /** The input, select or textarea; it gets the id and ARIA wiring. */
  children: ReactElement<Record<string, unknown>>;
}

/** The look of a form's text box, select or text area, red-bordered with an error. */
export const fieldInputClassName = (error?: string) =>
  // An opaque ring (5.7:1 on white) marks focus; a translucent one faded to about 1.5:1.
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-flame-700 focus:outline-none focus:ring-2 focus:ring-flame-700 ${
    error ? 'border-red-700' : 'border-stone-300'
  }`;

/** A labelled form control with its error announced to screen readers. */
export function FormField({ label, error, hint, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: `${(children.props.className as string | undefined) ?? ''} ${fieldInputClassName(error)}`,
      })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-800" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
