import { useEffect, useId, useState } from 'react';
import { useController, useForm, type Control, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ArrowRight, CheckCircle2, EyeOff, Loader2 } from 'lucide-react';
import { GUIDE_MEETING_MODE_LABELS, GUIDE_MEETING_MODES, type GuideProfile } from '#lib/guides/types.ts';
import { GUIDE_BIO_MAX_LENGTH, guideProfileSchema } from '#lib/schemas/guides.ts';
import { apiRequest, getJson, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { GuidePhotoField } from './GuidePhotoField.tsx';
import { GuideProfileView } from './GuideProfileView.tsx';
import type { GuideProfileCopy } from './copy.ts';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';

type ProfileInput = z.input<typeof guideProfileSchema>;
type Profile = z.output<typeof guideProfileSchema>;

const PROFILE_URL = '/api/guides/profile';

const formValues = (profile: GuideProfile): ProfileInput => ({
  name: profile.name,
  bio: profile.bio,
  languages: profile.languages,
  meets: profile.meets,
  showPhone: profile.showPhone,
  hidden: profile.hidden,
});

/** "English, Spanish" → ["English", "Spanish"]; blanks between commas are dropped. */
const splitLanguages = (text: string) =>
  text
    .split(',')
    .map((language) => language.trim())
    .filter(Boolean);

/**
 * "Your public profile" on /my-licences: what the guide shows visitors, their photo, and a preview of their page with
 * the unsaved values beside the form, under whether they are listed and why not. Shown to accounts with a guide record.
 */
export function GuideProfileEditor({ copy }: { copy: GuideProfileCopy }) {
  const [profile, setProfile] = useState<GuideProfile | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    getJson<GuideProfile>(PROFILE_URL).then(setProfile, () => setFailed(true));
  }, []);

  return (
    <section aria-labelledby="public-profile-heading">
      <h2 id="public-profile-heading" className="text-2xl font-bold text-ember-900">
        {copy.heading}
      </h2>
      <p className="mt-1 text-stone-700">{copy.intro}</p>
      {profile ? (
        <ProfileForm profile={profile} copy={copy} onChange={setProfile} />
      ) : failed ? (
        <p className="card mt-4 text-stone-800" role="alert">
          {copy.loadFailed}
        </p>
      ) : (
        <p className="card mt-4 flex items-center gap-2 text-stone-700" role="status">
          <Loader2 className="h-5 w-5 animate-spin text-flame-700" aria-hidden="true" />
          {copy.loading}
        </p>
      )}
    </section>
  );
}

interface ProfileFormProps {
  profile: GuideProfile;
  copy: GuideProfileCopy;
  onChange: (profile: GuideProfile) => void;
}

function ProfileForm({ profile, copy, onChange }: ProfileFormProps) {
  const {
    register,
    handleSubmit,
    control,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileInput, unknown, Profile>({ resolver: zodResolver(guideProfileSchema), defaultValues: formValues(profile) });
  const id = useId();
  const { fields } = copy;
  const values = watch();
  const bioLength = (values.bio ?? '').length;

  const onSubmit = async (input: Profile) => {
    try {
      const saved = (await (await apiRequest('PUT', PROFILE_URL, input)).json()) as GuideProfile;
      onChange(saved);
      reset(formValues(saved));
      toast({ title: copy.saved });
    } catch (error) {
      for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
        const name = field.split('.')[0]!;
        if (name in formValues(profile)) setError(name as keyof ProfileInput, { message: messages[0] });
      }
      toast({ title: copy.failed, description: serverMessage(error), variant: 'destructive' });
    }
  };

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="card space-y-5">
        <GuidePhotoField hasPhoto={profile.photoUrl !== null} copy={copy} onChange={onChange} />
        <form {...SCRIPT_FORM} onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label={copy.heading}>
          <FormField label={fields.name} error={errors.name?.message}>
            <input type="text" autoComplete="name" {...register('name')} />
          </FormField>
          <div>
            <FormField label={fields.bio} hint={fields.bioHint} error={errors.bio?.message}>
              <textarea rows={6} {...register('bio')} />
            </FormField>
            <p className={`mt-1 text-right text-xs ${bioLength > GUIDE_BIO_MAX_LENGTH ? 'font-semibold text-red-800' : 'text-stone-600'}`}>
              {fillTemplate(fields.bioCount, { count: bioLength, max: GUIDE_BIO_MAX_LENGTH })}
            </p>
          </div>
          <LanguagesField control={control} label={fields.languages} hint={fields.languagesHint} />
          <fieldset>
            <legend className="text-sm font-semibold text-stone-800">{fields.meets}</legend>
            <div className="mt-1 grid gap-2 sm:grid-cols-3">
              {GUIDE_MEETING_MODES.map((mode) => (
                <label
                  key={mode}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm text-stone-900 has-[:checked]:border-flame-700 has-[:checked]:bg-flame-50"
                >
                  <input type="radio" value={mode} className="h-4 w-4 accent-flame-700" {...register('meets')} />
                  {GUIDE_MEETING_MODE_LABELS[mode]}
                </label>
              ))}
            </div>
            {errors.meets && (
              <p className="mt-1 text-sm text-red-800" role="alert">
                {errors.meets.message}
              </p>
            )}
          </fieldset>
          <Checkbox
            id={`${id}-phone`}
            label={fields.showPhone}
            hint={profile.phone ? fillTemplate(fields.phoneHint, { phone: profile.phone }) : fields.noPhone}
            disabled={!profile.phone}
            registration={register('showPhone')}
          />
          <Checkbox id={`${id}-hidden`} label={fields.hidden} hint={fields.hiddenHint} registration={register('hidden')} />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              {isSubmitting ? copy.saving : copy.save}
            </button>
            {isDirty && <p className="text-sm text-stone-700">{copy.unsaved}</p>}
          </div>
        </form>
      </div>

      <section className="card lg:sticky lg:top-24" aria-labelledby={`${id}-preview`}>
        <h3 id={`${id}-preview`} className="font-sans text-sm font-semibold tracking-wider text-flame-800 uppercase">
          {copy.preview.heading}
        </h3>
        <p className="text-sm text-stone-600">{copy.preview.text}</p>
        <ListingStatus profile={profile} copy={copy} />
        <div className="mt-5 border-t border-stone-200 pt-5">
          <GuideProfileView
            headingLevel={3}
            guide={{
              // The saved name stands in for a blank one: the initials need a letter.
              name: values.name.trim() || profile.name,
              photoUrl: profile.photoUrl,
              certifiedOn: profile.certifiedOn,
              bio: (values.bio ?? '').trim(),
              languages: values.languages.map((language) => language.trim()).filter(Boolean),
              meets: values.meets,
              phone: values.showPhone ? profile.phone : null,
            }}
          />
        </div>
      </section>
    </div>
  );
}

/** The languages as one comma-separated text box, kept in the form as the list the schema checks. */
function LanguagesField({ control, label, hint }: { control: Control<ProfileInput>; label: string; hint: string }) {
  const { field, fieldState } = useController({ control, name: 'languages' });
  const [text, setText] = useState(() => field.value.join(', '));
  // A reset (after saving) brings the saved list: show it, unless the text already says the same.
  useEffect(() => {
    setText((current) => (splitLanguages(current).join('\n') === field.value.join('\n') ? current : field.value.join(', ')));
  }, [field.value]);
  // The list's own error (none, too many), or else the first language's: a list of errors by position.
  const error: unknown = fieldState.error;
  const message =
    (error as { message?: string } | undefined)?.message ??
    (Array.isArray(error) ? (error as ({ message?: string } | undefined)[]).find((item) => item?.message)?.message : undefined);

  return (
    <FormField label={label} hint={hint} error={message}>
      <input
        type="text"
        name={field.name}
        ref={field.ref}
        value={text}
        onBlur={field.onBlur}
        onInput={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          field.onChange(splitLanguages(value));
        }}
      />
    </FormField>
  );
}

function Checkbox({
  id,
  label,
  hint,
  disabled,
  registration,
}: {
  id: string;
  label: string;
  hint: string;
  disabled?: boolean;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="flex gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-stone-400 accent-flame-700"
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        {...registration}
      />
      <div>
        <label htmlFor={id} className={`font-semibold ${disabled ? 'text-stone-600' : 'text-stone-800'}`}>
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** Whether visitors can find the guide now (as saved), and if not, each reason, the admin's in their words. */
function ListingStatus({ profile, copy }: { profile: GuideProfile; copy: GuideProfileCopy }) {
  const { preview } = copy;
  if (profile.unlistedReasons.length === 0) {
    return (
      <div className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        <p className="flex items-center gap-2 font-semibold">
          <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden="true" />
          {preview.listed}
        </p>
        <a className="mt-1 inline-flex items-center gap-1 font-semibold underline" href={profile.path}>
          {preview.viewPage}
          <ArrowRight className="h-3.5 w-3.5" aria-hidden="true" />
        </a>
      </div>
    );
  }
  return (
    <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <EyeOff className="h-4 w-4 shrink-0" aria-hidden="true" />
        {preview.notListed}
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-6">
        {profile.unlistedReasons.map((reason) => (
          <li key={reason}>
            {reason === 'hidden-by-admin'
              ? fillTemplate(preview.reasons[reason], { reason: profile.adminHiddenReason ?? '' })
              : preview.reasons[reason]}
          </li>
        ))}
      </ul>
    </div>
  );
}
