import words from '#content/es/sign-in-form.json' with { type: 'json' };
import { FORM_MESSAGES_ES } from '#lib/shared/form-messages-es.ts';
import AdminLoginForm, { type AdminLoginProps } from './AdminLoginForm.tsx';

// The Spanish sign-in's island (/es/login): the form with its Spanish words and the schema's messages in Spanish, and
// no English words (AdminLoginEn.tsx is the English page's).

export default function AdminLoginEs(props: AdminLoginProps) {
  return <AdminLoginForm {...props} words={words} fieldMessages={FORM_MESSAGES_ES} />;
}
