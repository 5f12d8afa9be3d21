import { US_STATES } from '#lib/places/us-states.ts';

/** One <option> per US state (its code as the value, its name as the label), for any state <select>. */
export function StateOptions() {
  return (
    <>
      {US_STATES.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}
