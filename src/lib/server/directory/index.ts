// The directory domain as the other domains and the app see it: import it from here, never from its other files.
export { ensureZipCodes, stateOfZipCode } from './zip-codes.ts';
export { findCityPlace, isZipCode, suggestCityNames } from './places.ts';
