import OpenSeadragon from 'openseadragon';
import { finestDrawnLevel, tilesAround } from './utils/tiles-ahead';

/** Tiles fetched ahead at once: the others of the browser's six connections stay the view's. */
const IN_FLIGHT = 2;
/** The band fetched ahead around the view, as a share of its width and height on each side. */
const MARGIN = 0.5;
/** At most this many tiles ahead for one resting view (about a megabyte of JPEG tiles). */
const MAX_AHEAD = 48;
/** Addresses remembered as fetched (the browser's cache holds them; asked again, nothing is lost). */
const REMEMBERED = 4096;

/**
 * Fetches the tiles around the view while the view rests and every tile it needs is drawn, so
 * that a pan finds them in the browser's cache: over a hospital link each new tile costs a round
 * trip, and the edge of a pan showed grey for a moment. As images, the way OpenSeadragon asks
 * for them, so its own requests are answered from the same cache (tiles are cached for good:
 * their address carries the slide token's two-hour window). Only at low priority, two at a time,
 * never while the view moves or has tiles to load; not at all when the browser asks to save data.
 */
export class TilePrefetcher {
  private queue: string[] = [];
  private inFlight = 0;
  private readonly fetched = new Set<string>();
  private stopped = false;

  constructor(
    private readonly osd: OpenSeadragon.Viewer,
    /** OpenSeadragon's minPixelRatio: which level it draws at a zoom. */
    private readonly minPixelRatio: number,
  ) {
    osd.addHandler('fully-loaded-change', (event) => {
      if (event.fullyLoaded) {
        this.plan();
      }
    });
    // A pan within tiles already drawn leaves the view fully loaded: no change to hear of.
    osd.addHandler('animation-finish', () => this.plan());
    // The view moves: its own tiles go first (those on their way are let finish).
    osd.addHandler('animation-start', () => {
      this.queue = [];
    });
  }

  stop(): void {
    this.stopped = true;
    this.queue = [];
  }

  private plan(): void {
    const item = this.osd.world.getItemAt(0);
    // Offline, each would only fail (and be asked again once the view rests after the link is back).
    if (this.stopped || !item || !item.getFullyLoaded() || savesData() || !navigator.onLine) {
      return;
    }
    const source = item.source;
    const viewport = this.osd.viewport;
    const level = finestDrawnLevel(
      source.maxLevel,
      viewport.viewportToImageZoom(viewport.getZoom(true)),
      OpenSeadragon.pixelDensityRatio,
      this.minPixelRatio,
    );
    // The view's box in full-resolution pixels (turned views included), then in the level's.
    const shown = item.viewportToImageRectangle(viewport.getBounds(true).getBoundingBox());
    const scale = source.getLevelScale(level);
    const grid = source.getNumTiles(level);
    const tiles = tilesAround(
      {
        x: shown.x * scale,
        y: shown.y * scale,
        width: shown.width * scale,
        height: shown.height * scale,
      },
      { tileSize: source.getTileWidth(level), columns: grid.x, rows: grid.y },
      MARGIN,
      MAX_AHEAD,
    );
    this.queue = tiles
      .map(([x, y]) => addressOf(source.getTileUrl(level, x, y)))
      .filter((url) => !this.fetched.has(url));
    this.pump();
  }

  private pump(): void {
    while (!this.stopped && this.inFlight < IN_FLIGHT && this.queue.length > 0) {
      const url = this.queue.shift()!;
      if (this.fetched.has(url)) {
        continue;
      }
      this.remember(url);
      this.inFlight += 1;
      const image = new Image();
      image.fetchPriority = 'low';
      image.decoding = 'async';
      const settle = (failed: boolean) => {
        image.onload = image.onerror = null;
        if (failed) {
          // Not in the cache: asked again next time (a token renewed meanwhile, the link down).
          this.fetched.delete(url);
        }
        this.inFlight -= 1;
        this.pump();
      };
      image.onload = () => settle(false);
      image.onerror = () => settle(true);
      image.src = url;
    }
  }

  private remember(url: string): void {
    if (this.fetched.size >= REMEMBERED) {
      // The oldest first (a Set keeps insertion order).
      this.fetched.delete(this.fetched.values().next().value!);
    }
    this.fetched.add(url);
  }
}

function addressOf(url: string | (() => string)): string {
  return typeof url === 'function' ? url() : url;
}

/** The browser's "save data" (a phone on a metered link): nothing is fetched that is not needed. */
function savesData(): boolean {
  return (
    (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true
  );
}
