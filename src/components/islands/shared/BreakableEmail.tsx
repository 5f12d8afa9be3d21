import { Fragment } from 'react';

/**
 * An email address that a narrow column wraps where a reader expects it, after the @ and before a dot, rather than
 * mid-word (break-all); a part still wider than its column breaks as a last resort (overflow-wrap: break-word).
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className="break-words">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
