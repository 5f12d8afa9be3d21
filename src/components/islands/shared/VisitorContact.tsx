/** A visitor's email and phone as two terms of a <dl>: links to write to them or call them, or the words for no phone. */
export function VisitorContact({
  email,
  phone,
  copy,
}: {
  email: string;
  phone: string | null;
  copy: { email: string; phone: string; noPhone: string };
}) {
  return (
    <>
      <div className="min-w-0">
        <dt className="text-stone-600">{copy.email}</dt>
        <dd>
          <a className="break-all font-semibold text-flame-800 underline" href={`mailto:${email}`}>
            {email}
          </a>
        </dd>
      </div>
      <div>
        <dt className="text-stone-600">{copy.phone}</dt>
        <dd className="font-semibold text-stone-900">
          {phone ? (
            <a className="text-flame-800 underline" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              {phone}
            </a>
          ) : (
            copy.noPhone
          )}
        </dd>
      </div>
    </>
  );
}
