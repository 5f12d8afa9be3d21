// Expected failures in the repositories follow one convention:
// - what the caller asked for does not exist (an unknown id, code or token): the function returns null;
// - the request cannot be applied to the data as it stands, and the client caused it (a taken email, a spent code, a
//   status move the workflow does not allow): it throws ConflictError, having written nothing, and the middleware
//   answers 409 with its message, under its field when a form field is at fault;
// - anything else (a bug, an outage) is thrown as it is.

/** A request that conflicts with the data's state: the answer is a 409 with this message. */
export class ConflictError extends Error {
  /** The form field at fault, if one is. */
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.name = 'ConflictError';
    this.field = field;
  }
}

/** Whether `error` is PostgreSQL refusing a duplicate in the unique index or constraint `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === '23505' &&
    'constraint_name' in error &&
    error.constraint_name === constraint
  );
}
