// The `zipcodes` package ships no types; this is the part of it the start-up step reads.
declare module 'zipcodes' {
  interface ZipCodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { codes: Record<string, ZipCodeEntry> };
  export default zipcodes;
}
