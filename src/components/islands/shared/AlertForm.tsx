import { alertCopy } from '#lib/alerts/alert-copy.ts';
import AlertFormView, { type AlertFormProps } from './AlertFormView.tsx';

/** The alert form of the English pages (/alerts, /guides): AlertFormView with the English words. */
export default function AlertForm(props: Omit<AlertFormProps, 'copy' | 'fieldMessages'>) {
  return <AlertFormView {...props} copy={alertCopy} />;
}
