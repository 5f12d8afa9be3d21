// Places (ZIP codes, cities, states and the distances between them) as the other domains and the app see it: import
// it from here, never from its other files. It knows no other domain, so the clubs, the directory and licensing can
// all stand on it.
export { chordOf, type Coordinates, EARTH_RADIUS_MILES, unitPositionOf } from './geo.ts';
export { ambiguousCity, findCityPlace, findPlace, isZipCode, suggestCityNames } from './places.ts';
export { countyOfZipCode, ensureCensus } from './census.ts';
export { centralZipCodeOf, coordinatesOfZipCode, ensureZipCodes, findZipCode, stateOfZipCode } from './zip-codes.ts';
export { populatedAreaCodes, zctaRows, zipCodeRows } from './place-rows.ts';
