import words from '#content/sign-in-form.json' with { type: 'json' };
import AdminLoginForm, { type AdminLoginProps } from './AdminLoginForm.tsx';

// The English sign-in's island (/login): the form with its English words, imported here so that they travel in this
// page's JavaScript, never in its HTML, and no other language's words come with them.

export default function AdminLoginEn(props: AdminLoginProps) {
  return <AdminLoginForm {...props} words={words} />;
}
