import { describe, expect, it } from 'vitest';
import { areaMapSvg, type MapArea } from '#server/licensing/area-map.ts';

const travis: MapArea = { kind: 'county', stateCode: 'TX', countyFips: '48453', point: null, label: 'Travis County in Texas' };

const viewBoxOf = (svg: string) => /^<svg [^>]*viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.slice(1).map(Number) as [number, number];

describe('areaMapSvg', () => {
  it('draws Travis County highlighted in Texas, titled for screen readers', () => {
    const svg = areaMapSvg(travis);
    expect(svg).toMatch(/^<svg [^>]*role="img"/);
    expect(svg).toContain('<title>Map: Travis County in Texas</title>');
    expect(svg).toMatch(/<path data-county="48453" d="m[^"]+" fill="#f2711c"/);
    expect(svg.match(/data-county=/g)).toHaveLength(1);
  });

  it('puts a ZIP code’s dot inside the map, on its county', () => {
    const svg = areaMapSvg({
      kind: 'zip',
      stateCode: 'TX',
      countyFips: '48085',
      point: { latitude: 33.1499, longitude: -96.8241 },
      label: 'ZIP 75036 in Texas',
    });
    const [width, height] = viewBoxOf(svg);
    const [cx, cy] = /<circle cx="(-?\d+)" cy="(-?\d+)"/.exec(svg)!.slice(1).map(Number) as [number, number];
    expect(cx).toBeGreaterThan(0);
    expect(cx).toBeLessThan(width);
    expect(cy).toBeGreaterThan(0);
    expect(cy).toBeLessThan(height);
    expect(svg).toContain('data-county="48085"');
  });

  it('fits each state to the map: Texas and Rhode Island get different shapes, both filling it', () => {
    const state = (stateCode: string, label: string) => areaMapSvg({ kind: 'state', stateCode, countyFips: null, point: null, label });
    const texas = viewBoxOf(state('TX', 'Texas'));
    const rhodeIsland = viewBoxOf(state('RI', 'Rhode Island'));
    expect(texas).not.toEqual(rhodeIsland);
    expect(Math.max(...texas)).toBe(Math.max(...rhodeIsland));
    expect(state('RI', 'Rhode Island')).not.toContain('data-county');
  });

  it('still draws the state when the atlas lacks the county (Alaska’s 02063 is newer than its boundaries)', () => {
    const svg = areaMapSvg({ kind: 'county', stateCode: 'AK', countyFips: '02063', point: null, label: 'Chugach Census Area in Alaska' });
    expect(svg).toContain('<title>Map: Chugach Census Area in Alaska</title>');
    expect(svg).toMatch(/<path d="m[^"]+"/);
    expect(svg).not.toContain('data-county');
  });

  it('escapes the label and holds no script or external reference', () => {
    const svg = areaMapSvg({ ...travis, label: 'Travis <County> & "Austin"' });
    expect(svg).toContain('<title>Map: Travis &lt;County&gt; &amp; &quot;Austin&quot;</title>');
    expect(svg).not.toMatch(/<script|href=|url\(/);
  });

  it('highlights no county of another state', () => {
    expect(areaMapSvg({ ...travis, stateCode: 'OK' })).not.toContain('data-county');
  });
});
