import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch, type FieldError, type FieldErrors } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { CLUB_FIELD_LABELS } from '#lib/clubs/fields.ts';
import type { ClubMeetings } from '#lib/clubs/types.ts';
import {
  FORMAT_LABELS,
  FREQUENCY_LABELS,
  LANGUAGE_LABELS,
  MAX_MEETING_SLOTS,
  MEETING_FORMATS,
  MEETING_FREQUENCIES,
  MEETING_LANGUAGES,
  WEEKDAYS,
  WEEKDAY_NAMES,
  type MeetingField,
  type MeetingFormat,
  type MeetingFrequency,
  type MeetingLanguage,
  type MeetingSlot,
} from '#lib/clubs/meetings/types.ts';
import { getJson } from '#lib/client/api.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';

/** The meeting fields as the form holds them: what the inputs show, before the shared schema reads them. */
export interface MeetingFormValues extends Record<MeetingField, unknown> {
  meetingSlots: MeetingSlot[];
  meetingFrequency: MeetingFrequency;
  meetingFormat: MeetingFormat | null;
  meetingLanguage: MeetingLanguage;
  videoLink: string;
  dialIn: string;
  venueName: string;
  venueAddress: string;
  venuePrivate: boolean;
  cycleStart: string;
  timeZone: string;
  /** Read, not edited, here: "From the ZIP code" names its time zone. */
  zipCode: string;
}

/** The form's starting meeting values: the club's own (so saving a profile keeps them), or none for a new club. */
export function meetingDefaults(club?: ClubMeetings): Omit<MeetingFormValues, 'zipCode'> {
  return {
    meetingSlots: club?.meetingSlots.map((slot) => ({ ...slot })) ?? [],
    meetingFrequency: club?.meetingFrequency ?? 'weekly',
    meetingFormat: club?.meetingFormat ?? null,
    meetingLanguage: club?.meetingLanguage ?? 'en',
    videoLink: club?.videoLink ?? '',
    dialIn: club?.dialIn ?? '',
    venueName: club?.venueName ?? '',
    venueAddress: club?.venueAddress ?? '',
    venuePrivate: club?.venuePrivate ?? false,
    cycleStart: club?.cycleStart ?? '',
    timeZone: club?.timeZone ?? '',
  };
}

const US_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Adak',
  'Pacific/Honolulu',
];

/** "Central Time (America/Chicago)": the zone's generic name where the browser knows one, and its IANA name. */
function timeZoneLabel(timeZone: string): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name && name !== timeZone ? `${name} (${timeZone})` : timeZone;
  } catch {
    return timeZone;
  }
}

const zipCodeZones = new Map<string, Promise<string | null>>();
/** The time zone at a ZIP code (null for an unknown one), asked once per page. */
function timeZoneOfZipCode(zipCode: string): Promise<string | null> {
  let zone = zipCodeZones.get(zipCode);
  if (!zone) {
    zone = getJson<{ timeZone: string }>(`/api/zip-codes/${zipCode}/time-zone`).then(
      (found) => found.timeZone,
      // An unknown ZIP code names no zone (the ZIP field's own check says what is wrong with it); a failed request may be retried.
      () => {
        zipCodeZones.delete(zipCode);
        return null;
      },
    );
    zipCodeZones.set(zipCode, zone);
  }
  return zone;
}

const NEW_SLOT: MeetingSlot = { weekday: 'monday', start: '19:00', durationMinutes: 60 };
const ZIP_CODE = /^\d{5}$/;

const messageOf = (error: unknown): string | undefined => {
  const field = error as (FieldError & { root?: FieldError }) | undefined;
  return field?.message ?? field?.root?.message;
};

/**
 * When and how the club meets, inside a form given by a FormProvider whose schema spreads `meetingFields`: the weekly
 * slots, frequency, format, language, video link, meeting place, cycle start and time zone. The time zone follows the ZIP code field until
 * the host picks another. `withoutScript`: the server's HTML of a form that posts before its island hydrates (decision
 * 030), with one blank meeting-time row for the times the script would add, and the video link and place shown
 * whatever the format (the schema says which go with which).
 */
export function MeetingFields({ withoutScript = false }: { withoutScript?: boolean }) {
  const {
    register,
    control,
    getValues,
    setValue,
    formState: { errors: formErrors },
  } = useFormContext<MeetingFormValues>();
  const errors = formErrors as FieldErrors<MeetingFormValues>;
  const { fields, append, remove } = useFieldArray({ control, name: 'meetingSlots' });
  const [format, zipCode, timeZone] = useWatch({ control, name: ['meetingFormat', 'zipCode', 'timeZone'] });
  const addButton = useRef<HTMLButtonElement>(null);
  // A removed slot's button is gone: focus goes to "Add a meeting time", which is there again once the list re-renders.
  const [focusAdd, setFocusAdd] = useState(false);
  useEffect(() => {
    if (!focusAdd) return;
    addButton.current?.focus();
    setFocusAdd(false);
  }, [focusAdd]);
  const venuePrivateId = useId();
  const slotsErrorId = useId();

  // The ZIP code's own zone, asked whenever the field holds five digits: "From the ZIP code" names it.
  const [zipZone, setZipZone] = useState<{ zipCode: string; timeZone: string } | null>(null);
  useEffect(() => {
    const zip = zipCode?.trim() ?? '';
    if (!ZIP_CODE.test(zip)) return;
    let current = true;
    void timeZoneOfZipCode(zip).then((found) => current && setZipZone(found ? { zipCode: zip, timeZone: found } : null));
    return () => {
      current = false;
    };
  }, [zipCode]);

  // The form sends "From the ZIP code" as empty, and the server fills in the zone of the ZIP code it saves: no answer
  // can arrive too late. A saved zone that is its ZIP code's own was filled in that way, so it goes back to
  // following the ZIP code; a zone the host chose stays.
  const saved = useRef({ zipCode: getValues('zipCode'), timeZone: getValues('timeZone') });
  useEffect(() => {
    const { zipCode: zip, timeZone: savedZone } = saved.current;
    if (!savedZone || !ZIP_CODE.test(zip ?? '')) return;
    let current = true;
    void timeZoneOfZipCode(zip!).then((found) => {
      if (current && found === savedZone && getValues('timeZone') === savedZone) setValue('timeZone', '');
    });
    return () => {
      current = false;
    };
  }, [getValues, setValue]);

  const zones = timeZone && !US_TIME_ZONES.includes(timeZone) ? [...US_TIME_ZONES, timeZone] : US_TIME_ZONES;
  const online = withoutScript || format === 'online' || format === 'hybrid';
  const inPerson = withoutScript || format === 'in-person' || format === 'hybrid';
  const slotsError = messageOf(errors.meetingSlots);

  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-ember-900">When and how the club meets</legend>
      <p className="text-sm text-stone-700">All optional. Visitors see the times in their own time zone.</p>

      <div className="space-y-3">
        {fields.map((slot, index) => {
          const slotErrors = errors.meetingSlots?.[index];
          return (
            <fieldset key={slot.id} className="rounded-xl border border-stone-200 p-3 sm:p-4">
              <legend className="px-1 text-sm font-semibold text-stone-800">Meeting time {index + 1}</legend>
              <div className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
                <SlotFields
                  errors={slotErrors}
                  input={(key) => register(`meetingSlots.${index}.${key}`, key === 'durationMinutes' ? { valueAsNumber: true } : undefined)}
                />
                <button
                  type="button"
                  className="btn-secondary mt-6 inline-flex items-center justify-center gap-1.5"
                  onClick={() => {
                    remove(index);
                    setFocusAdd(true);
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Remove<span className="sr-only"> meeting time {index + 1}</span>
                </button>
              </div>
            </fieldset>
          );
        })}
        {withoutScript && fields.length === 0 && (
          <fieldset className="rounded-xl border border-stone-200 p-3 sm:p-4">
            <legend className="px-1 text-sm font-semibold text-stone-800">Meeting time 1</legend>
            <div className="grid items-start gap-3 sm:grid-cols-3">
              <SlotFields errors={errors.meetingSlots?.[0]} input={(key) => ({ name: `meetingSlots.0.${key}` })} blank />
            </div>
          </fieldset>
        )}
        {!withoutScript && fields.length < MAX_MEETING_SLOTS && (
          <button
            ref={addButton}
            type="button"
            className="btn-secondary inline-flex items-center gap-1.5"
            aria-describedby={slotsError ? slotsErrorId : undefined}
            onClick={() => append({ ...NEW_SLOT })}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add a meeting time
          </button>
        )}
        {slotsError && (
          <p id={slotsErrorId} className="text-sm text-red-800" role="alert">
            {slotsError}
          </p>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={CLUB_FIELD_LABELS.meetingFrequency} error={errors.meetingFrequency?.message}>
          <select {...register('meetingFrequency')}>
            {MEETING_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={CLUB_FIELD_LABELS.meetingFormat} error={errors.meetingFormat?.message}>
          <select {...register('meetingFormat', { setValueAs: (value: string | null) => value || null })}>
            <option value="">Not said</option>
            {MEETING_FORMATS.map((meetingFormat) => (
              <option key={meetingFormat} value={meetingFormat}>
                {FORMAT_LABELS[meetingFormat]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={CLUB_FIELD_LABELS.meetingLanguage} error={errors.meetingLanguage?.message}>
          <select {...register('meetingLanguage')}>
            {MEETING_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_LABELS[language]}
              </option>
            ))}
          </select>
        </FormField>
      </div>

      {online && (
        <div className="space-y-3">
          <p className="text-sm text-stone-700">
            Only your members see these, on their club page and in their reminders; visitors read &ldquo;The link is sent to members&rdquo;.
          </p>
          <FormField
            label={CLUB_FIELD_LABELS.videoLink}
            hint="Optional: any provider's link (Zoom, Google Meet, Teams, Jitsi…), starting with https://"
            error={errors.videoLink?.message}
          >
            <input type="url" placeholder="https://" autoComplete="off" {...register('videoLink', { shouldUnregister: true })} />
          </FormField>
          <FormField
            label={CLUB_FIELD_LABELS.dialIn}
            hint="Optional: phone numbers, meeting ID and passcode, up to 500 characters"
            error={errors.dialIn?.message}
          >
            <textarea rows={3} maxLength={500} autoComplete="off" {...register('dialIn', { shouldUnregister: true })} />
          </FormField>
        </div>
      )}

      {inPerson && (
        <div className="space-y-3">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={CLUB_FIELD_LABELS.venueName}
              hint="Optional: the venue's name, such as Twin Oaks Library community room"
              error={errors.venueName?.message}
            >
              <input type="text" autoComplete="off" {...register('venueName', { shouldUnregister: true })} />
            </FormField>
            <FormField
              label={CLUB_FIELD_LABELS.venueAddress}
              hint="The city, state and ZIP code above complete it"
              error={errors.venueAddress?.message}
            >
              <input type="text" autoComplete="off" {...register('venueAddress', { shouldUnregister: true })} />
            </FormField>
          </div>
          <div className="flex items-start gap-3">
            <input
              id={venuePrivateId}
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-stone-400 accent-flame-700"
              aria-describedby={`${venuePrivateId}-hint`}
              {...register('venuePrivate', { shouldUnregister: true })}
            />
            <div>
              <label htmlFor={venuePrivateId} className="text-stone-800">
                {CLUB_FIELD_LABELS.venuePrivate}
              </label>
              <p id={`${venuePrivateId}-hint`} className="text-sm text-stone-600">
                For a private home: visitors read &ldquo;Meeting place: shared after you ask to join&rdquo;.
              </p>
            </div>
          </div>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={CLUB_FIELD_LABELS.cycleStart}
          hint="The day your current 8-week cycle began or begins: the club's calendar then follows the reading plan from it."
          error={errors.cycleStart?.message}
        >
          <input type="date" {...register('cycleStart')} />
        </FormField>
        <FormField label={CLUB_FIELD_LABELS.timeZone} hint="The zone the meeting times are in." error={errors.timeZone?.message}>
          <select {...register('timeZone')}>
            <option value="">
              {zipZone && zipZone.zipCode === zipCode?.trim()
                ? `From ZIP code ${zipZone.zipCode}: ${timeZoneLabel(zipZone.timeZone)}`
                : 'From the ZIP code'}
            </option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneLabel(zone)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    </fieldset>
  );
}

/**
 * A meeting time's day, start and length, each input given its name (and the form's registration) by `input`. A
 * `blank` row (the form's without its script) starts with no day, to be left out if left blank.
 */
function SlotFields({
  errors,
  input,
  blank = false,
}: {
  errors: FieldErrors<MeetingSlot> | undefined;
  input: (key: keyof MeetingSlot) => { name: string };
  blank?: boolean;
}) {
  return (
    <>
      <FormField label="Day" error={messageOf(errors?.weekday)}>
        <select {...input('weekday')}>
          {blank && <option value="">Choose a day</option>}
          {WEEKDAYS.map((weekday) => (
            <option key={weekday} value={weekday}>
              {WEEKDAY_NAMES[weekday]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Start time" error={messageOf(errors?.start)}>
        <input type="time" step={300} {...input('start')} />
      </FormField>
      <FormField label="Length (minutes)" error={messageOf(errors?.durationMinutes)}>
        <input type="number" inputMode="numeric" min={15} max={480} step={15} {...input('durationMinutes')} />
      </FormField>
    </>
  );
}
