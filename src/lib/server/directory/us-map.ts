import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'us-atlas/states-albers-10m.json' with { type: 'json' };
import { resolveState, type StateCode } from '#lib/places/us-states.ts';
import { compactPath } from '#server/platform/maps/compact-path.ts';

/** The coordinate space of us-atlas's pre-projected (Albers USA) shapes. */
export const US_MAP_VIEWBOX = '0 0 975 610';

export interface StateShape {
  code: StateCode;
  name: string;
  /** An SVG path in US_MAP_VIEWBOX units. */
  d: string;
}

let shapes: StateShape[] | undefined;

/** The 50 states as SVG paths (DC, not a state a club can be in, is left out), computed once per process. */
export function usStateShapes(): StateShape[] {
  if (shapes) return shapes;
  const topology = atlas as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
  shapes = feature(topology, topology.objects.states).features.flatMap((state) => {
    const code = resolveState(state.properties.name);
    if (!code) return [];
    return [{ code, name: state.properties.name, d: compactPath(state) }];
  });
  return shapes;
}
