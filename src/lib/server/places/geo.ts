/** A position on Earth in decimal degrees. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The mean radius of the Earth, the R of every great-circle distance here (SQL and tests alike). */
export const EARTH_RADIUS_MILES = 3958.8;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * A position as a point (x, y, z) on the unit sphere, in cube's text form: what migration 007 stores for each club
 * as `unit_position`, and what place searches measure from.
 */
export function unitPositionOf({ latitude, longitude }: Coordinates): string {
  const [lat, lng] = [toRadians(latitude), toRadians(longitude)];
  return `(${Math.cos(lat) * Math.cos(lng)}, ${Math.cos(lat) * Math.sin(lng)}, ${Math.sin(lat)})`;
}

/**
 * The straight-line distance between two points of the unit sphere that are `miles` apart along the Earth's surface
 * (a chord: 2 sin(θ/2) for the angle θ between them); it grows with the distance, up to 2 for opposite points.
 */
export function chordOf(miles: number): number {
  return 2 * Math.sin(Math.min(miles / EARTH_RADIUS_MILES, Math.PI) / 2);
}
