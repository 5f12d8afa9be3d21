import { DEFAULT_RADIUS, SEARCH_RADII, type SearchRadius } from '#lib/directory-types.ts';

/** What the directory's address bar says: the search, its radius and the club whose dialog is open. */
export interface DirectoryLocation {
  state: string | null;
  clubId: number | null;
  radius: SearchRadius;
}

/** Reads the directory's state from a URL (`?state=78704&radius=50&club=12`); a missing or odd radius is the default. */
export function readDirectoryLocation(url: URL): DirectoryLocation {
  const state = url.searchParams.get('state')?.trim() || null;
  const club = Number(url.searchParams.get('club'));
  const radius = SEARCH_RADII.find((r) => String(r) === url.searchParams.get('radius')) ?? DEFAULT_RADIUS;
  return { state, clubId: Number.isInteger(club) && club > 0 ? club : null, radius };
}

/** The URL for a directory state, keeping the path and any other parameters; a radius only when not the default. */
export function directoryUrl(current: URL, location: DirectoryLocation): string {
  const url = new URL(current);
  const set = (name: string, value: unknown) => (value ? url.searchParams.set(name, String(value)) : url.searchParams.delete(name));
  set('state', location.state);
  set('radius', location.state && location.radius !== DEFAULT_RADIUS && location.radius);
  set('club', location.clubId);
  return url.pathname + url.search + url.hash;
}
