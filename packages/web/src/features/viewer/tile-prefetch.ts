import OpenSeadragon from 'openseadragon';
import { finestDrawnLevel, tilesAround } from './utils/tiles-ahead';

/**
 * Tiles fetched ahead at once, by all the viewers of the page together (slides side by side):
 * the others of the browser's six connections stay the views' own.
 */
const IN_FLIGHT = 2;
/** The band fetched ahead around the view, as a share of its width and height on each side. */
const MARGIN = 0.5;
/** At most this many tiles ahead for one resting view (about a megabyte of JPEG tiles). */
const MAX_AHEAD = 48;
/** Addresses remembered as asked for (the browser's cache holds them; asked again, nothing is lost). */
const REMEMBERED = 4096;

/** What is in flight across the page's viewers, and the viewers that may start more. */
const shared = { inFlight: 0, prefetchers: new Set<TilePrefetcher>() };

/**
 * Fetches the tiles around the view while the view rests and every tile it needs is drawn, so
 * that a pan finds them in the browser's cache: over a hospital link each new tile costs a round
 * trip, and the edge of a pan showed grey for a moment. As images, the way OpenSeadragon asks
 * for them, so its own requests are answered from the same cache (tiles are cached for good:
 * their address carries the slide token's two-hour window). Only at low priority, two at a time
 * for the whole page, never while a view moves or has tiles to load; not at all when the browser
 * asks to save data or is offline.
 */
export class TilePrefetcher {
  /** Tiles to fetch, nearest first; their address is read when each starts (a renewed token). */
  private queue: { level: number; x: number; y: number }[] = [];
  /** Asked for already, fetched or failed: a tile the server cannot make is not asked again. */
  private readonly asked = new Set<string>();
  private moving = false;
  private stopped = false;

  constructor(
    private readonly osd: OpenSeadragon.Viewer,
    /** OpenSeadragon's minPixelRatio: which level it draws at a zoom. */
    private readonly minPixelRatio: number,
  ) {
    shared.prefetchers.add(this);
    osd.addHandler('fully-loaded-change', (event) => {
      if (event.fullyLoaded) {
        this.plan();
      } else {
        // Tiles of its own to load (a failed one retried, the pane resized): they go first.
        this.queue = [];
      }
    });
    // The view moves: its own tiles go first (those on their way are let finish). Fully loaded
    // is worked out again every frame, so it can turn true halfway through a move.
    osd.addHandler('animation-start', () => {
      this.moving = true;
      this.queue = [];
    });
    // A pan within tiles already drawn leaves the view fully loaded: no change to hear of.
    osd.addHandler('animation-finish', () => {
      this.moving = false;
      this.plan();
    });
  }

  stop(): void {
    this.stopped = true;
    this.queue = [];
    shared.prefetchers.delete(this);
  }

  /** Whether this view may fetch ahead now. */
  private resting(): boolean {
    const item = this.osd.world.getItemAt(0);
    return (
      !this.stopped &&
      !this.moving &&
      item !== undefined &&
      item.getFullyLoaded() &&
      !savesData() &&
      // Offline, each would only fail.
      navigator.onLine
    );
  }

  private plan(): void {
    const item = this.osd.world.getItemAt(0);
    if (!item || !this.resting()) {
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
    this.queue = tilesAround(
      {
        x: shown.x * scale,
        y: shown.y * scale,
        width: shown.width * scale,
        height: shown.height * scale,
      },
      { tileSize: source.getTileWidth(level), columns: grid.x, rows: grid.y },
      MARGIN,
      MAX_AHEAD,
    ).map(([x, y]) => ({ level, x, y }));
    this.pump();
  }

  private pump(): void {
    const source = this.osd.world.getItemAt(0)?.source;
    while (source && shared.inFlight < IN_FLIGHT && this.queue.length > 0 && this.resting()) {
      const { level, x, y } = this.queue.shift()!;
      const url = addressOf(source.getTileUrl(level, x, y));
      if (this.asked.has(url)) {
        continue;
      }
      this.remember(url);
      shared.inFlight += 1;
      const image = new Image();
      image.fetchPriority = 'low';
      image.decoding = 'async';
      image.onload = image.onerror = () => {
        image.onload = image.onerror = null;
        shared.inFlight -= 1;
        // A slot is free: any viewer of the page with tiles waiting may take it.
        shared.prefetchers.forEach((prefetcher) => prefetcher.pump());
      };
      image.src = url;
    }
  }

  private remember(url: string): void {
    if (this.asked.size >= REMEMBERED) {
      // The oldest first (a Set keeps insertion order).
      this.asked.delete(this.asked.values().next().value!);
    }
    this.asked.add(url);
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
