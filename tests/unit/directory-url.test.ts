import { describe, expect, it } from 'vitest';
import { directoryUrl, hasFilter, meetingFilterQuery, readDirectoryLocation } from '#lib/client/directory-url.ts';

const at = (search: string) => new URL(`https://flamekeeper.example/flamekeeper-clubs${search}`);

describe('the directory URL', () => {
  it('reads the search, radius, meeting filters and open club', () => {
    expect(readDirectoryLocation(at('?state=78704&radius=50&day=tuesday&time=evening&format=online&club=12'))).toEqual({
      state: '78704',
      radius: 50,
      clubId: 12,
      filter: { day: 'tuesday', time: 'evening', format: 'online' },
    });
  });

  it('leaves out filters it does not know, and reads none from a bare URL', () => {
    expect(readDirectoryLocation(at('?day=Tuesday&time=night&format=in-person')).filter).toEqual({ format: 'in-person' });
    expect(readDirectoryLocation(at(''))).toEqual({ state: null, radius: 25, clubId: null, filter: {} });
  });

  it('writes the parameters in one order, whatever order the filters were chosen in, keeping others', () => {
    const location = { state: 'TX', radius: 25, clubId: 7, filter: { format: 'hybrid', day: 'friday' } } as const;
    expect(directoryUrl(at('?club=3&utm_source=mail&state=CA'), location)).toBe(
      '/flamekeeper-clubs?utm_source=mail&state=TX&day=friday&format=hybrid&club=7',
    );
  });

  it('writes filters alone without a radius, and drops filters that are cleared', () => {
    expect(directoryUrl(at('?day=monday&time=morning'), { state: null, radius: 50, clubId: null, filter: { time: 'evening' } })).toBe(
      '/flamekeeper-clubs?time=evening',
    );
    expect(directoryUrl(at('?day=monday'), { state: null, radius: 25, clubId: null, filter: { day: undefined } })).toBe(
      '/flamekeeper-clubs',
    );
  });

  it('keeps the language with the other filters, so that a search in Spanish can be shared, and drops an unknown one', () => {
    const location = { state: '78704', radius: 50, clubId: null, filter: { language: 'es', day: 'tuesday' } } as const;
    const url = directoryUrl(at(''), location);
    expect(url).toBe('/flamekeeper-clubs?state=78704&radius=50&day=tuesday&language=es');
    expect(readDirectoryLocation(at(url.slice('/flamekeeper-clubs'.length)))).toEqual(location);
    expect(readDirectoryLocation(at('?language=spanish')).filter).toEqual({});
    expect(meetingFilterQuery({ language: 'en-and-es', format: 'online' })).toBe('format=online&language=en-and-es');
  });

  it('gives the filters as the API query in the same order', () => {
    expect(meetingFilterQuery({ format: 'online', time: 'evening', day: 'tuesday' })).toBe('day=tuesday&time=evening&format=online');
    expect(meetingFilterQuery({})).toBe('');
    expect(hasFilter({ day: undefined })).toBe(false);
    expect(hasFilter({ time: 'morning' })).toBe(true);
  });
});
