import copy from '#content/es/alert-form.json' with { type: 'json' };
import { FORM_MESSAGES_ES } from '#lib/shared/form-messages-es.ts';
import AlertFormView, { type AlertFormProps } from './AlertFormView.tsx';

/** The alert form of the Spanish pages (/es/alerts): AlertFormView with the Spanish words and field messages. */
export default function AlertFormEs(props: Omit<AlertFormProps, 'copy' | 'fieldMessages'>) {
  return <AlertFormView {...props} copy={copy} fieldMessages={FORM_MESSAGES_ES} />;
}
