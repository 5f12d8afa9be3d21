import type { UseFormRegisterReturn } from 'react-hook-form';
import { apiRequest, serverFieldErrors, serverStatus } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from './FormField.tsx';

// What the site's message forms share: the contact page's, a guide's page's "Message {first name}" and a club's "Ask to join".

type SenderField = 'name' | 'email' | 'phone';

/** The labels of the sender's fields. */
export type SenderCopy = Record<SenderField, string>;

interface Notice {
  title: string;
  description: string;
}

/** What a message form says when sending fails, and when the visitor has sent too many (else it says it failed). */
export interface SendFailureCopy {
  failed: Notice;
  tooMany?: Notice;
}

/** The sender's name, email and phone, registered with the form (react-hook-form) by the caller. */
export function SenderFields({
  copy,
  fields,
  errors,
}: {
  copy: SenderCopy;
  fields: Record<SenderField, UseFormRegisterReturn>;
  errors: Partial<Record<SenderField, string>>;
}) {
  return (
    <>
      <FormField label={copy.name} error={errors.name}>
        <input type="text" autoComplete="name" {...fields.name} />
      </FormField>
      <FormField label={copy.email} error={errors.email}>
        <input type="email" autoComplete="email" {...fields.email} />
      </FormField>
      <FormField label={copy.phone} error={errors.phone}>
        <input type="tel" autoComplete="tel" {...fields.phone} />
      </FormField>
    </>
  );
}

/**
 * Posts a message form's data and reads the answer. On a refusal the server's field messages go on their fields
 * (`setFieldError`), and a toast says what went wrong: the visitor's limit as such when the form has words for it,
 * anything else as a failure.
 */
export async function postMessage<T>(
  url: string,
  data: unknown,
  copy: SendFailureCopy,
  setFieldError: (field: string, message: string) => void,
): Promise<{ ok: true; answer: T } | { ok: false; limited: boolean; status: number | undefined }> {
  try {
    return { ok: true, answer: (await (await apiRequest('POST', url, data)).json()) as T };
  } catch (error) {
    for (const [field, messages] of Object.entries(serverFieldErrors(error))) if (messages[0]) setFieldError(field, messages[0]);
    const status = serverStatus(error);
    const limited = status === 429;
    toast({ ...((limited && copy.tooMany) || copy.failed), variant: 'destructive' });
    return { ok: false, limited, status };
  }
}

/** The notice a form keeps on screen once the visitor has sent too many messages: a toast alone would fade. */
export function TooManyNotice({ notice }: { notice: Notice }) {
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" role="alert">
      <strong className="font-semibold">{notice.title}.</strong> {notice.description}
    </p>
  );
}
