/** A position on Earth in decimal degrees. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The mean radius of the Earth, the R of every great-circle distance here (SQL and tests alike). */
export const EARTH_RADIUS_MILES = 3958.8;

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * The smallest latitude/longitude box holding every point within `miles` of `center` (J. P. Matuschek's method):
 * the longitude span widens towards the poles, and becomes the whole circle when the area reaches a pole or
 * crosses the antimeridian, so the box never leaves out a point inside the radius.
 */
export function boundingBox(center: Coordinates, miles: number): BoundingBox {
  const angle = miles / EARTH_RADIUS_MILES;
  const latitude = toRadians(center.latitude);
  const minLatitude = latitude - angle;
  const maxLatitude = latitude + angle;
  const box = { minLatitude: Math.max(-90, toDegrees(minLatitude)), maxLatitude: Math.min(90, toDegrees(maxLatitude)) };
  if (minLatitude > -Math.PI / 2 && maxLatitude < Math.PI / 2) {
    const spread = toDegrees(Math.asin(Math.sin(angle) / Math.cos(latitude)));
    const minLongitude = center.longitude - spread;
    const maxLongitude = center.longitude + spread;
    if (minLongitude >= -180 && maxLongitude <= 180) return { ...box, minLongitude, maxLongitude };
  }
  return { ...box, minLongitude: -180, maxLongitude: 180 };
}
