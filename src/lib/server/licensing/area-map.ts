import { geoAlbersUsa, geoIdentity, geoPath, type GeoIdentityTransform } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';
// The attribute lets plain Node (scripts) load it as Vite does.
import atlas from 'us-atlas/counties-albers-10m.json' with { type: 'json' };
import type { AreaKind } from '#lib/licensing/types.ts';
import type { Language } from '#lib/shared/languages.ts';
import { resolveState } from '#lib/places/us-states.ts';
import { compactPath } from '#server/platform/maps/compact-path.ts';
import { escapeXml } from '#server/platform/xml.ts';

/** What the locator map shows: the area's state, its county when it has one, and a ZIP code's position. */
export interface MapArea {
  kind: AreaKind;
  stateCode: string;
  countyFips: string | null;
  point: { latitude: number; longitude: number } | null;
  label: string;
  /** The language of the map's title (English unless told). */
  language?: Language;
}

/** The map's title, before the area's label, in each language. */
const MAP_TITLE: Record<Language, string> = { en: 'Map', es: 'Mapa' };

type Named = { name: string };
type Counties = Topology<{ counties: GeometryCollection<Named>; states: GeometryCollection<Named> }>;
const topology = atlas as unknown as Counties;

// The site's flame palette (src/styles/global.css), as attributes: the map needs no stylesheet.
const COLORS = { land: '#fff8ed', countyLine: '#ffdba8', border: '#b4400f', highlight: '#f2711c', dot: '#2a1a12' };
/** The longer side of every map, in its own units: about a pixel each where the map is shown. */
const SIZE = 320;
const PADDING = 8;
// us-atlas's files are projected with exactly this, so a ZIP code's position lands where its county is drawn.
const albersUsa = geoAlbersUsa().scale(1300).translate([487.5, 305]);

interface StateMap {
  width: number;
  height: number;
  /** From us-atlas's plane to this map's units, so that whole units are fine enough for Rhode Island too. */
  toMap: GeoIdentityTransform;
  outline: string;
  countyLines: string;
  counties: Map<string, GeometryObject<Named>>;
}

let stateFips: Map<string, string> | undefined;
const stateMaps = new Map<string, StateMap | null>();

/** State code → 2-digit FIPS, from the atlas's own state names, so no table can disagree with its shapes. */
function fipsOf(stateCode: string): string | undefined {
  stateFips ??= new Map(
    topology.objects.states.geometries.flatMap((state) => {
      const code = resolveState((state.properties as Named).name);
      return code ? [[code, String(state.id)] as const] : [];
    }),
  );
  return stateFips.get(stateCode);
}

/** A state's outline and county lines, drawn once per state per process: Texas alone has 254 counties. */
function stateMap(stateCode: string): StateMap | null {
  if (stateMaps.has(stateCode)) return stateMaps.get(stateCode)!;
  const fips = fipsOf(stateCode);
  const geometry = topology.objects.states.geometries.find((state) => state.id === fips);
  let drawn: StateMap | null = null;
  if (fips && geometry) {
    const shape = feature(topology, geometry);
    const [[x0, y0], [x1, y1]] = geoPath().bounds(shape);
    const scale = (SIZE - 2 * PADDING) / Math.max(x1 - x0, y1 - y0);
    const toMap = geoIdentity()
      .scale(scale)
      .translate([PADDING - x0 * scale, PADDING - y0 * scale]);
    const counties = topology.objects.counties.geometries.filter((county) => String(county.id).startsWith(fips));
    drawn = {
      width: Math.ceil((x1 - x0) * scale + 2 * PADDING),
      height: Math.ceil((y1 - y0) * scale + 2 * PADDING),
      toMap,
      outline: compactPath(shape, toMap),
      // Borders between two of the state's counties, each once; the state's own border is the outline.
      countyLines: compactPath(
        mesh(topology, { type: 'GeometryCollection', geometries: counties }, (a, b) => a !== b),
        toMap,
      ),
      counties: new Map(counties.map((county) => [String(county.id), county])),
    };
  }
  stateMaps.set(stateCode, drawn);
  return drawn;
}

/**
 * A small inline SVG locating a licensing area: its state with county lines, the county (of a county, or of a ZIP
 * code) filled, the whole state filled for a state, and a dot at a ZIP code's position. A county the atlas does not
 * have (its counties are 2017's: Alaska's 02063 and 02066 are missing) is left unfilled rather than failing the page.
 */
export function areaMapSvg(area: MapArea): string {
  const map = stateMap(area.stateCode);
  const title = `<title>${MAP_TITLE[area.language ?? 'en']}: ${escapeXml(area.label)}</title>`;
  if (!map) return `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${SIZE} ${SIZE}">${title}</svg>`;

  const wholeState = area.kind === 'state';
  const county = !wholeState && area.countyFips ? map.counties.get(area.countyFips) : undefined;
  const parts = [
    `<path d="${map.outline}" fill="${wholeState ? COLORS.highlight : COLORS.land}"/>`,
    `<path d="${map.countyLines}" fill="none" stroke="${wholeState ? COLORS.land : COLORS.countyLine}" stroke-width="0.75"/>`,
  ];
  if (county) {
    const d = compactPath(feature(topology, county), map.toMap);
    parts.push(`<path data-county="${area.countyFips}" d="${d}" fill="${COLORS.highlight}" stroke="${COLORS.border}"/>`);
  }
  parts.push(`<path d="${map.outline}" fill="none" stroke="${COLORS.border}" stroke-width="1.5" stroke-linejoin="round"/>`);
  const projected = area.kind === 'zip' && area.point ? albersUsa([area.point.longitude, area.point.latitude]) : null;
  const dot = projected && map.toMap(projected);
  if (dot) {
    const [cx, cy] = dot.map(Math.round);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="5" fill="${COLORS.dot}" stroke="#fff" stroke-width="1.5"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${map.width} ${map.height}">${title}${parts.join('')}</svg>`;
}
