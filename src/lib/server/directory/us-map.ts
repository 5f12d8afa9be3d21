import { geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'us-atlas/states-albers-10m.json';
import { resolveState, type StateCode } from '#lib/us-states.ts';

/** The coordinate space of us-atlas's pre-projected (Albers USA) shapes. */
export const US_MAP_VIEWBOX = '0 0 975 610';

export interface StateShape {
  code: StateCode;
  name: string;
  /** An SVG path in US_MAP_VIEWBOX units. */
  d: string;
}

/**
 * A d3 path context writing whole units and relative moves, dropping points that round onto the previous one:
 * at the map's size a unit is about a pixel, and the 50 states' paths shrink to less than half of d3's own output,
 * which every view of the directory page downloads twice (the static fallback and the live map).
 */
class CompactPath {
  d = '';
  private x = 0;
  private y = 0;
  private startX = 0;
  private startY = 0;

  private step(command: 'm' | 'l', x: number, y: number) {
    const [rx, ry] = [Math.round(x), Math.round(y)];
    this.d += `${command}${rx - this.x}${ry - this.y < 0 ? '' : ' '}${ry - this.y}`;
    [this.x, this.y] = [rx, ry];
  }

  moveTo(x: number, y: number) {
    this.step('m', x, y);
    [this.startX, this.startY] = [this.x, this.y];
  }

  lineTo(x: number, y: number) {
    if (Math.round(x) !== this.x || Math.round(y) !== this.y) this.step('l', x, y);
  }

  closePath() {
    // SVG puts the pen back at the subpath's start, and the next relative move starts from there.
    this.d += 'z';
    [this.x, this.y] = [this.startX, this.startY];
  }

  // GeoContext's type asks for these canvas methods too; d3 calls arc() only for points and never beginPath().
  arc() {}
  beginPath() {}
}

let shapes: StateShape[] | undefined;

/** The 50 states as SVG paths (DC, not a state a club can be in, is left out), computed once per process. */
export function usStateShapes(): StateShape[] {
  if (shapes) return shapes;
  const topology = atlas as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
  shapes = feature(topology, topology.objects.states).features.flatMap((state) => {
    const code = resolveState(state.properties.name);
    if (!code) return [];
    const path = new CompactPath();
    geoPath(null, path)(state);
    return [{ code, name: state.properties.name, d: path.d }];
  });
  return shapes;
}
