import { geoPath, type GeoPermissibleObjects, type GeoStreamWrapper } from 'd3-geo';

/**
 * A d3 path context writing whole units and relative moves, dropping points that round onto the previous one:
 * drawn so that a unit is about a pixel, shapes shrink to less than half of d3's own output, which matters for maps
 * that every view of a page downloads (the directory's is sent twice: the static fallback and the live map).
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

/**
 * An SVG path (whole units, relative moves) for a GeoJSON object: through `projection` when given, otherwise taking
 * its coordinates as already projected, as us-atlas's Albers USA files are.
 */
export function compactPath(object: GeoPermissibleObjects, projection: GeoStreamWrapper | null = null): string {
  const path = new CompactPath();
  geoPath(projection, path)(object);
  return path.d;
}
