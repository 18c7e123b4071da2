import OpenSeadragon from 'openseadragon';
import { VIEW_BACKGROUND } from '@/features/annotations/overlay/capture';
import type { DeepZoomDto, SlideViewState } from '@pathconsult/shared';
import type { SlideViewerLike } from '@/features/annotations/overlay/slide-viewer-adapter';
import {
  NEUTRAL,
  filterCss,
  gammaExponent,
  isNeutral,
  type Adjustments,
} from './utils/adjustments';
import {
  MAX_OVERZOOM,
  imageZoomFor,
  magnificationOf,
  magnificationSteps,
  nextMagnificationStep,
} from './utils/magnification';
import { drawsWholePixels, pixelGridNudge } from './utils/pixel-grid';
import { panKeyDrag } from './utils/pan-keys';
import { pinchStep } from './utils/pinch-zoom';
import { osdTurnStep, shownTurn } from './utils/mirrored-turn';
import { ZOOM_PER_WHEEL_NOTCH, wheelZoomFactor } from './utils/wheel-zoom';
import { TilePrefetcher } from './tile-prefetch';
import { attachTouchGlide } from './touch-glide-handler';
import { attachNavigatorFit } from './navigator-fit';

/** OpenSeadragon's minPixelRatio (see where it is set); the tiles fetched ahead follow it. */
const MIN_PIXEL_RATIO = 0.6;

/** Keys that step the magnification (with and without Shift, main keys and keypad). */
const ZOOM_KEYS: Record<string, 1 | -1> = { '+': 1, '=': 1, '-': -1, _: -1 };

/** What the viewer needs to know of a slide (from diagnosis/GetSlideInfo). */
export interface ViewerSlide {
  id: number;
  width: number;
  height: number;
  /** Micrometres per level-0 pixel across (MPP X), when the scanner recorded it. */
  mpp: number | null;
  /** Micrometres per level-0 pixel down (MPP Y), when recorded apart from X. */
  mppY?: number | null;
  /** Objective power of the scan (20, 40...), when recorded or worked out from its MPP. */
  objective: number | null;
  /** The objective power was worked out from the pixel size (objectiveFromMpp), not recorded. */
  objectiveEstimated?: boolean;
}

export interface SlideViewerOptions {
  /** Server-relative Deep Zoom descriptor, token included (/tiles/<token>/slide.dzi). */
  dziUrl: string;
  /**
   * What that descriptor says, when the slide's facts brought it (GetSlideInfo): the first tiles
   * are then asked for at once, without reading the descriptor first.
   */
  deepZoom?: DeepZoomDto | null;
  /** Where to open; the whole slide when absent. */
  initialView?: SlideViewState | null;
  showNavigator?: boolean;
  /** The navigator's share of the view's size (OpenSeadragon's default 0.2 suits a single pane). */
  navigatorSizeRatio?: number;
  onOpen?: () => void;
  onOpenFailed?: () => void;
  /**
   * Tiles gave up after their retries (an expired token, a server restarted with a new key, a
   * link that dropped): the pane fetches a fresh token and calls retryFailedTiles.
   */
  onTilesFailed?: () => void;
}

/** How long a screenshot waits for the view to settle and its tiles to arrive. */
const CAPTURE_SETTLE_MS = 5_000;

/** How many times a tile that failed is tried again after a fresh token, before it stays blank. */
const TILE_REARMS_MAX = 3;

const SVG_NS = 'http://www.w3.org/2000/svg';
let gammaFilters = 0;

/**
 * OpenSeadragon wrapped for PathConsult: opens a slide's Deep Zoom tiles, and speaks in the
 * slide's own terms — level-0 pixels, magnification from the objective power, rotation by
 * quarter turns, mirroring, brightness/contrast/gamma — to the React components around it and to
 * the annotation layer (SlideViewerLike). The canvas drawer is used: what it paints can be
 * captured for report screenshots, and it renders the same with or without a GPU.
 */
export class SlideViewer implements SlideViewerLike {
  readonly osd: OpenSeadragon.Viewer;
  private adjustments: Adjustments = NEUTRAL;
  private readonly gammaId = `pc-gamma-${++gammaFilters}`;
  private readonly gammaSvg: SVGSVGElement;
  /** Fetches the tiles around a resting view, so that a pan finds them at hand. */
  private readonly prefetcher: TilePrefetcher;
  private readonly listeners = new Set<() => void>();
  private readonly helpListeners = new Set<() => void>();
  private readonly layerKeyListeners = new Set<() => void>();
  private readonly navigatorKeyListeners = new Set<() => void>();
  private readonly setNavigatorFitRatio: (ratio: number) => void;
  private readonly homeListeners = new Set<() => void>();
  private opened = false;
  /** Whether the view showed the whole slide when it last settled (kept across resizes). */
  private wasWhole = false;
  /** Whether the tiles were last placed at their own size (on the pixel grid). */
  private tilesAtOwnSize = false;
  private alignments = 0;
  private refits = 0;
  /** Where tile addresses start (…/slide_files/), with the current token: read at each load. */
  private tilesBase: string;
  /** Tiles that gave up, to be tried again with the next token. */
  private readonly failedTiles = new Set<OpenSeadragon.Tile>();
  private readonly rearms = new WeakMap<OpenSeadragon.Tile, number>();

  constructor(
    element: HTMLElement,
    readonly slide: ViewerSlide,
    options: SlideViewerOptions,
  ) {
    this.tilesBase = tilesBaseOf(options.dziUrl);
    this.gammaSvg = gammaFilterElement(this.gammaId);
    element.appendChild(this.gammaSvg);
    this.osd = OpenSeadragon({
      element,
      tileSources: options.deepZoom ? inlineDzi(options.deepZoom, this.tilesBase) : options.dziUrl,
      drawer: 'canvas',
      showNavigator: options.showNavigator ?? true,
      navigatorPosition: 'BOTTOM_RIGHT',
      navigatorSizeRatio: options.navigatorSizeRatio ?? 0.2,
      navigatorAutoFade: false,
      // The view's own grey around the slide's map (OpenSeadragon's black framed it in bars).
      navigatorBackground: VIEW_BACKGROUND,
      // Always that share of the view until the slide opens (then navigator-fit.ts shapes it):
      // the default keeps the first size's area, so a pane that shrank when a slide opened
      // beside it kept a larger navigator than its neighbour.
      navigatorMaintainSizeRatio: true,
      showNavigationControl: false,
      // Tiles past the scan's resolution only enlarge pixels: allow a little, as microscopes do.
      maxZoomPixelRatio: MAX_OVERZOOM,
      minZoomImageRatio: 0.5,
      visibilityRatio: 0.3,
      animationTime: 0.5,
      zoomPerScroll: ZOOM_PER_WHEEL_NOTCH,
      // Every wheel event reaches the handler below (OpenSeadragon drops those within 50 ms of
      // the last, and zooms a whole step for each of the others).
      minScrollDeltaTime: 0,
      gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true },
      gestureSettingsTouch: { pinchRotate: false },
      // As many tiles in flight as the browser opens connections to one server (6 over HTTP/1.1):
      // more only wait in the browser's own queue, where they can no longer be put behind
      // tiles the view needs sooner. Several new tiles a frame: at the default one a frame, a
      // screen of tiles trickled in over seconds while frames were slow with decoding (40–140 ms
      // during loading, measured) and the tile server, answering in about a millisecond, sat idle.
      imageLoaderLimit: 6,
      maxTilesPerFrame: 4,
      // A finer level is drawn at opacity (ratio − 0.5) / 0.5: at OpenSeadragon's 0.5 its tiles
      // were fetched to be drawn invisible (or nearly) whenever the view sat on a power of two of
      // the scan, as every magnification button does. The coarser level then shows at most 1.2×
      // enlarged.
      minPixelRatio: MIN_PIXEL_RATIO,
      // A tile lost to a hospital link's hiccup or a busy server is asked again, not left blank.
      tileRetryMax: 2,
      tileRetryDelay: 1000,
      preserveImageSizeOnResize: true,
      crossOriginPolicy: false,
    });
    // The navigator over the annotation layer (z-index 2), as the scale bar is: a note drawn
    // near the corner must not cover the map of the slide.
    const navigator = this.osd.navigator?.element;
    for (const el of [navigator, navigator?.parentElement]) {
      if (el) {
        el.style.zIndex = '3';
      }
    }
    // Opaque (OpenSeadragon draws it at 0.8): shapes under it showed through its map.
    if (navigator) {
      navigator.style.opacity = '1';
    }
    // Its control's box holds the button that hides and shows it (navigator-toggle.tsx), placed
    // from that box's corner.
    if (navigator?.parentElement) {
      navigator.parentElement.style.position = 'relative';
    }
    const notify = () => this.tellViewChanged();
    for (const event of ['animation', 'animation-finish', 'resize', 'rotate', 'flip'] as const) {
      this.osd.addHandler(event, notify);
    }
    // A tile's address is read when it loads, not fixed when OpenSeadragon first plans the tile:
    // with the token fixed in it, a view left open past the token's two hours (or over a server
    // restart) asked for every tile it had not loaded yet with the dead token, and stayed blank.
    // The navigator shares the source, so it follows too; tile caching keys on level and place.
    this.osd.world.addHandler('add-item', (event) => {
      const source = event.item.source;
      source.getTileUrl = (level, x, y) => () =>
        `${this.tilesBase}${level}/${x}_${y}.${(source as { fileFormat?: string }).fileFormat ?? 'jpeg'}`;
    });
    // The overview map takes the shape of the slide as shown (navigator-fit.ts); labels of
    // annotations then keep off its new box.
    this.setNavigatorFitRatio = attachNavigatorFit(
      this.osd,
      options.navigatorSizeRatio ?? 0.2,
      () => this.coversChanged(),
    );
    // A swipe on a touch screen glides on, at most half the view (touch-glide-handler.ts).
    attachTouchGlide(this.osd);
    // The wheel zooms in proportion to how far it turned (wheel-zoom.ts), toward the pointer.
    this.osd.addHandler('canvas-scroll', (event) => {
      const wheel = event.originalEvent as Partial<WheelEvent>;
      const viewport = this.osd.viewport;
      if (typeof wheel.deltaY !== 'number' || !viewport) {
        return;
      }
      event.preventDefaultAction = true;
      const at = event.position;
      // As OpenSeadragon's own zoom does: the pointer's place in a mirrored view.
      const x = viewport.getFlip() ? viewport.getContainerSize().x - at.x : at.x;
      viewport.zoomBy(
        wheelZoomFactor(wheel.deltaY, wheel.deltaMode ?? 0),
        viewport.pointFromPixel(new OpenSeadragon.Point(x, at.y), true),
      );
      viewport.applyConstraints();
    });
    // Two fingers keep the tissue under them (pinch-zoom.ts), also in a mirrored view.
    this.osd.addHandler('canvas-pinch', (event) => {
      const viewport = this.osd.viewport;
      // As OpenSeadragon's own: nothing where pinching is turned off for the device.
      if (!viewport || !this.osd.gestureSettingsByDeviceType(event.pointerType).pinchToZoom) {
        return;
      }
      event.preventDefaultPanAction = true;
      event.preventDefaultZoomAction = true;
      pinchStep(viewport, event);
    });
    this.osd.addHandler('tile-load-failed', (event) => {
      if (event.maxReached) {
        this.failedTiles.add(event.tile);
        options.onTilesFailed?.();
      }
    });
    // A scan smaller than its pane (a 50-pixel DICOM image, a biopsy's small scan) opened
    // filling it, its pixels dozens of screen pixels wide: "838×", far past the 40× any step
    // offers. Home shows a slide at most at the largest zoom allowed (MAX_OVERZOOM), centred;
    // a larger slide fits its pane as before.
    const viewport = this.osd.viewport;
    const fittingZoom = viewport.getHomeZoom.bind(viewport);
    viewport.getHomeZoom = () =>
      this.osd.world.getItemCount() === 1
        ? Math.min(fittingZoom(), viewport.imageToViewportZoom(MAX_OVERZOOM))
        : fittingZoom();
    this.osd.addHandler('open', () => {
      // Open only once in place: setView fires rotate and flip before its zoom and pan, and a
      // listener (linked navigation) must not take the half-set view for the slide's start.
      if (options.initialView) {
        this.setView(options.initialView, true);
      }
      this.wasWhole = this.showsWholeSlide();
      this.opened = true;
      // The keys reach the slide from the start: nothing on the page had the focus, and "+"
      // or an arrow did nothing until the slide was clicked.
      const focused = document.activeElement;
      if (!focused || focused === document.body) {
        this.osd.canvas.focus({ preventScroll: true });
      }
      notify();
      options.onOpen?.();
    });
    this.osd.addHandler('open-failed', () => options.onOpenFailed?.());
    this.prefetcher = new TilePrefetcher(this.osd, MIN_PIXEL_RATIO);
    // A view of the whole slide stays one when the pane changes size (the layout settling after
    // opening, a window made larger, a slide opened beside it): OpenSeadragon keeps the zoom
    // instead (preserveImageSizeOnResize, right for a view of a detail), which left the first
    // view a little off Home and a slide small in a window made larger.
    // Taken from the target as soon as a move starts, not only when it ends: a pane resized in
    // the middle of a zoom away from Home must not snap back to Home.
    const noteWhole = () => {
      this.wasWhole = this.showsWholeSlide();
    };
    for (const event of ['animation-finish', 'zoom', 'pan'] as const) {
      this.osd.addHandler(event, noteWhole);
    }
    // At rest, a slide shown at whole pixels is drawn on the screen's pixel grid, each tile at
    // its own size: the canvas drawer draws every tile one pixel larger than it is (against
    // seams between tiles at fractional positions), so at 20× a 240-pixel tile was stretched
    // to 241 and nothing on screen was the scan's own pixel. On the grid no seam can open.
    const drawer = this.osd.drawer as unknown as {
      minimumOverlapRequired(tiledImage: unknown): boolean;
    };
    const overlapRequired = drawer.minimumOverlapRequired.bind(drawer);
    drawer.minimumOverlapRequired = (tiledImage) => {
      this.tilesAtOwnSize = this.onPixelGrid();
      return !this.tilesAtOwnSize && overlapRequired(tiledImage);
    };
    this.osd.addHandler('animation-finish', () => this.alignToPixelGrid());
    this.osd.addHandler('resize', () => {
      if (this.wasWhole) {
        // After OpenSeadragon's own resize steps, which follow this event in the same frame.
        queueMicrotask(() => {
          this.refits += 1;
          this.osd.viewport.goHome(true);
        });
      }
    });
    // OpenSeadragon zooms 1.1× per key press, about thirty presses from 1× to 20×: "+" and "−"
    // go a whole magnification step instead (Shift+↑/↓ still zoom smoothly). Arrows and W/A/S/D
    // pan in screen directions (utils/pan-keys.ts).
    this.osd.addHandler('canvas-key', (event) => {
      const key = event.originalEvent as KeyboardEvent;
      if (key.key === '?' && !key.ctrlKey && !key.altKey && !key.metaKey) {
        event.preventDefaultAction = true;
        this.helpListeners.forEach((cb) => cb());
        return;
      }
      if (key.ctrlKey || key.altKey || key.metaKey) {
        return;
      }
      // H: the annotation layer hidden or shown (QuPath's key too; OpenSeadragon leaves H free).
      if (key.key.toLowerCase() === 'h') {
        event.preventDefaultAction = true;
        this.layerKeyListeners.forEach((cb) => cb());
        return;
      }
      // N: the overview map (the navigator) hidden or shown.
      if (key.key.toLowerCase() === 'n') {
        event.preventDefaultAction = true;
        this.navigatorKeyListeners.forEach((cb) => cb());
        return;
      }
      // 0: the whole slide, as OpenSeadragon does (its own action goes by the key's code, so any
      // layout's key 0 and the keypad's), told to onHome's listeners too.
      if (key.key === '0' || key.code === 'Digit0') {
        event.preventDefaultAction = true;
        key.preventDefault();
        this.goHome();
        return;
      }
      const direction = ZOOM_KEYS[key.key];
      if (direction) {
        event.preventDefaultAction = true;
        this.stepZoom(direction);
        return;
      }
      const drag = panKeyDrag(key.code, key.shiftKey);
      if (drag) {
        // Panned here, in screen directions, whatever the turn and mirror.
        event.preventDefaultAction = true;
        key.preventDefault();
        this.panByPixels(drag.dx, drag.dy);
        this.osd.viewport.applyConstraints();
      }
    });
  }

  /**
   * How many times the view was fitted again because its pane changed size: linked navigation
   * takes such a change for the pane's own, not a move of the user's to pass on.
   */
  get refitCount(): number {
    return this.refits;
  }

  /** How many times the view moved by less than a pixel onto the pixel grid (alignToPixelGrid). */
  get alignCount(): number {
    return this.alignments;
  }

  get isOpen(): boolean {
    return this.opened;
  }

  /**
   * Names the slide's canvas for screen readers (it takes the focus for the keys); an
   * application, since it handles its keys itself.
   */
  setLabel(label: string): void {
    this.osd.canvas.setAttribute('role', 'application');
    this.osd.canvas.setAttribute('aria-label', label);
  }

  /** "?" pressed on the slide: the keys are to be listed. */
  onHelpKey(cb: () => void): () => void {
    this.helpListeners.add(cb);
    return () => this.helpListeners.delete(cb);
  }

  /** "H" pressed on the slide: the annotation layer is to be hidden or shown. */
  onLayerKey(cb: () => void): () => void {
    this.layerKeyListeners.add(cb);
    return () => this.layerKeyListeners.delete(cb);
  }

  /**
   * The user sent the view to the whole slide (Home in the toolbar or on a note, the 0 key); not
   * OpenSeadragon's own returns home, such as a whole view refitted to a resized pane.
   */
  onHome(cb: () => void): () => void {
    this.homeListeners.add(cb);
    return () => this.homeListeners.delete(cb);
  }

  onViewChange(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /**
   * Something laid over the view came or went (a note at its top): told as a change of the view,
   * so that the annotations' labels are placed again, off it or back where they belong.
   */
  coversChanged(): void {
    this.tellViewChanged();
  }

  /** Tells onViewChange's listeners (the view moved, turned, looks different or was covered). */
  private tellViewChanged(): void {
    this.listeners.forEach((cb) => cb());
  }

  /**
   * Where the slide's origin is off the device-pixel grid, at a scale that draws a level of the
   * slide at whole device pixels (20× on a 20× scan, 10× on its half level…); null when it is on
   * the grid or no such scale. Straight or upside down only: a quarter turn is drawn about the
   * canvas's centre, which may itself fall between pixels.
   */
  private offPixelGrid(): { dx: number; dy: number } | null | 'not-whole' {
    // The ratio the drawer places tiles with (never below 1, read again on resize).
    const dpr = OpenSeadragon.pixelDensityRatio;
    const scale = this.imageZoom() * dpr;
    if (!this.opened || this.rotation() % 180 !== 0 || !drawsWholePixels(scale)) {
      return 'not-whole';
    }
    const origin = this.osd.viewport.imageToViewerElementCoordinates(new OpenSeadragon.Point(0, 0));
    return pixelGridNudge(origin.x * dpr, origin.y * dpr, scale);
  }

  /** Whether every tile lands on whole device pixels: they may be drawn at their own size. */
  private onPixelGrid(): boolean {
    return this.offPixelGrid() === null;
  }

  /**
   * At rest at a whole-pixel scale: moves the view by less than a pixel onto the grid (which
   * places the tiles again), or, on it already, has the tiles placed again at their own size
   * when the frame that ended the move drew them a pixel larger. Only then: placing them again
   * ends in this event once more.
   */
  private alignToPixelGrid(): void {
    const off = this.offPixelGrid();
    if (off === 'not-whole') {
      return;
    }
    if (off) {
      const dpr = OpenSeadragon.pixelDensityRatio;
      const viewport = this.osd.viewport;
      // Not a move of the user's to pass on to linked slides (ViewLink): each would align the
      // other's echo again, for ever.
      this.alignments += 1;
      // The picture moves by d when the view's centre moves by −d.
      viewport.panBy(
        viewport.deltaPointsFromPixels(new OpenSeadragon.Point(-off.dx / dpr, -off.dy / dpr)),
        true,
      );
      return;
    }
    if (!this.tilesAtOwnSize) {
      // Setting the slide's clip (none) again is the public way to have its tiles placed again.
      const item = this.osd.world.getItemAt(0);
      item?.setClip(item.getClip());
    }
  }

  /** Screen (CSS) pixels per level-0 pixel, as currently shown. */
  imageZoom(current = true): number {
    const viewport = this.osd.viewport;
    return viewport.viewportToImageZoom(viewport.getZoom(current));
  }

  /** The magnification shown (image zoom × objective power), or null without an objective. */
  magnification(): number | null {
    return magnificationOf(this.imageZoom(), this.slide.objective);
  }

  zoomToMagnification(magnification: number): void {
    if (!this.slide.objective) {
      return;
    }
    const viewport = this.osd.viewport;
    viewport.zoomTo(
      viewport.imageToViewportZoom(imageZoomFor(magnification, this.slide.objective)),
    );
  }

  /**
   * One step up or down the magnification steps from where the view is heading; without an
   * objective power, or below the smallest step, twice or half the zoom within the limits.
   * Nothing at a limit (before, "−" at 1× jumped to the smallest zoom allowed, which was larger).
   */
  stepZoom(direction: 1 | -1): void {
    const zoom = this.stepTarget(direction);
    if (zoom !== null) {
      this.osd.viewport.zoomTo(zoom);
    }
  }

  /** Whether stepZoom would change the view: the step buttons are off at the limits. */
  canStepZoom(direction: 1 | -1): boolean {
    return this.opened && this.stepTarget(direction) !== null;
  }

  /** The viewport zoom a step goes to, or null when there is nowhere to go that way. */
  private stepTarget(direction: 1 | -1): number | null {
    const viewport = this.osd.viewport;
    const heading = magnificationOf(this.imageZoom(false), this.slide.objective);
    const steps = magnificationSteps(this.slide.objective);
    const step = heading === null ? null : nextMagnificationStep(heading, steps, direction);
    if (step !== null && this.slide.objective) {
      return viewport.imageToViewportZoom(imageZoomFor(step, this.slide.objective));
    }
    const zoom = viewport.getZoom(false);
    const next = clamp(
      zoom * (direction > 0 ? 2 : 0.5),
      viewport.getMinZoom(),
      viewport.getMaxZoom(),
    );
    const moves = direction > 0 ? next > zoom * 1.001 : next < zoom * 0.999;
    return moves ? next : null;
  }

  goHome(): void {
    this.osd.viewport.goHome();
    this.homeListeners.forEach((cb) => cb());
  }

  rotation(): number {
    return ((this.osd.viewport.getRotation() % 360) + 360) % 360;
  }

  /** The turn as the user sees it, clockwise (utils/mirrored-turn.ts). */
  shownRotation(): number {
    return shownTurn(this.osd.viewport.getRotation(), this.flipped());
  }

  /**
   * A quarter turn clockwise (1) or anticlockwise (-1) as the user sees it: reversed for
   * OpenSeadragon when mirrored (its R key does the same), or "turn right" turned a mirrored
   * slide to the left.
   */
  rotateBy(quarterTurns: 1 | -1): void {
    const viewport = this.osd.viewport;
    viewport.setRotation(viewport.getRotation() + osdTurnStep(quarterTurns, this.flipped()));
  }

  /** Turns the view to `degrees` clockwise (0 sets it straight). */
  setRotation(degrees: number): void {
    this.osd.viewport.setRotation(degrees);
  }

  flipped(): boolean {
    return this.osd.viewport.getFlip();
  }

  toggleFlip(): void {
    this.osd.viewport.toggleFlip();
  }

  /** Where the user is: centre in level-0 pixels, image zoom, rotation and mirroring. */
  getView(): SlideViewState {
    const viewport = this.osd.viewport;
    const centre = viewport.viewportToImageCoordinates(viewport.getCenter(false));
    const rotation = Math.round(this.rotation() / 90) * 90;
    return {
      dCenterX: clamp(centre.x, 0, this.slide.width),
      dCenterY: clamp(centre.y, 0, this.slide.height),
      dImageZoom: clamp(this.imageZoom(false), 1e-6, 64),
      iRotation: (rotation % 360) as SlideViewState['iRotation'],
      bFlip: viewport.getFlip(),
      bWholeSlide: this.showsWholeSlide(),
    };
  }

  /**
   * Whether every corner of the slide is in view (a pixel or two of slack): the user left it at
   * Home, or zoomed out past it. Such a view reopens fitted to the window of the day: kept as a
   * zoom, it came back too small in a larger window and cut in a smaller one.
   */
  private showsWholeSlide(): boolean {
    const viewport = this.osd.viewport;
    const size = viewport.getContainerSize();
    const { width, height } = this.slide;
    return [
      [0, 0],
      [width, 0],
      [0, height],
      [width, height],
    ].every(([x, y]) => {
      // Where the view is heading (a page left while Home still animates counts as Home); the
      // mirror does not matter for in or out.
      const p = viewport.pixelFromPoint(viewport.imageToViewportCoordinates(x!, y!), false);
      return p.x >= -2 && p.y >= -2 && p.x <= size.x + 2 && p.y <= size.y + 2;
    });
  }

  setView(view: SlideViewState, immediately = false): void {
    const viewport = this.osd.viewport;
    viewport.setRotation(view.iRotation, immediately);
    viewport.setFlip(view.bFlip);
    if (view.bWholeSlide) {
      viewport.goHome(immediately);
      return;
    }
    viewport.zoomTo(viewport.imageToViewportZoom(view.dImageZoom), undefined, immediately);
    viewport.panTo(
      viewport.imageToViewportCoordinates(new OpenSeadragon.Point(view.dCenterX, view.dCenterY)),
      immediately,
    );
  }

  /**
   * Moves to a centre (level-0 pixels) and image zoom, keeping the turn: linked navigation. Not
   * held within this slide's own limits: a follower kept there (a small biopsy beside a large
   * resection cannot be zoomed out as far) fell out of step for good — its scale and place
   * differed from then on, and a zoom of its own then sent the other slide to its scale (4× to
   * 40× at one click). The slide goes back within its limits when the user moves it itself.
   */
  moveTo(x: number, y: number, imageZoom: number): void {
    const viewport = this.osd.viewport;
    viewport.zoomTo(viewport.imageToViewportZoom(imageZoom), undefined, true);
    viewport.panTo(viewport.imageToViewportCoordinates(new OpenSeadragon.Point(x, y)), true);
  }

  /** Centre (level-0 pixels) and image zoom the view is heading to. */
  target(): { x: number; y: number; zoom: number } {
    const viewport = this.osd.viewport;
    const centre = viewport.viewportToImageCoordinates(viewport.getCenter(false));
    return { x: centre.x, y: centre.y, zoom: this.imageZoom(false) };
  }

  /**
   * Image → element pixels. OpenSeadragon mirrors the drawing of a flipped view but not its
   * coordinate conversions (it mirrors mouse positions itself): so does this.
   */
  imageToElement(point: { x: number; y: number }): { x: number; y: number } {
    const p = this.osd.viewport.imageToViewerElementCoordinates(
      new OpenSeadragon.Point(point.x, point.y),
    );
    return { x: this.flipped() ? this.containerWidth() - p.x : p.x, y: p.y };
  }

  elementToImage(point: { x: number; y: number }): { x: number; y: number } {
    const x = this.flipped() ? this.containerWidth() - point.x : point.x;
    const p = this.osd.viewport.viewerElementToImageCoordinates(
      new OpenSeadragon.Point(x, point.y),
    );
    return { x: p.x, y: p.y };
  }

  /** "N" pressed on the slide: the overview map is to be hidden or shown. */
  onNavigatorKey(cb: () => void): () => void {
    this.navigatorKeyListeners.add(cb);
    return () => this.navigatorKeyListeners.delete(cb);
  }

  /** The box of the overview map's control, which stays when the map is hidden; null if none. */
  get navigatorBox(): HTMLElement | null {
    return this.osd.navigator?.element.parentElement ?? null;
  }

  /** Shows or hides the overview map; labels of annotations then keep off it, or not. */
  setNavigatorShown(shown: boolean): void {
    const navigator = this.osd.navigator;
    if (navigator && (navigator.element.style.display !== 'none') !== shown) {
      navigator.setVisible(shown);
      this.coversChanged();
    }
  }

  /** The navigator's share of the view (a pane's changes when a slide opens beside it). */
  setNavigatorRatio(ratio: number): void {
    this.setNavigatorFitRatio(ratio);
  }

  /**
   * Pans as a drag of (dx, dy) element pixels does, mirrored in a flipped view as OpenSeadragon's
   * own drag is: a drag that starts on an annotation's pick band (outside OpenSeadragon's canvas)
   * still moves the slide.
   */
  panByPixels(dx: number, dy: number): void {
    const viewport = this.osd.viewport;
    const delta = new OpenSeadragon.Point(this.flipped() ? dx : -dx, -dy);
    viewport.panBy(viewport.deltaPointsFromPixels(delta));
  }

  /** The end of such a drag: the view springs back within bounds, as after OpenSeadragon's. */
  endPan(): void {
    this.osd.viewport.applyConstraints();
  }

  /** A wheel turned over an annotation zooms as it does over the slide. */
  forwardWheel(event: WheelEvent): void {
    this.osd.canvas.dispatchEvent(new WheelEvent('wheel', event));
  }

  getAdjustments(): Adjustments {
    return this.adjustments;
  }

  setAdjustments(adjustments: Adjustments): void {
    this.adjustments = adjustments;
    const exponent = String(gammaExponent(adjustments.gamma));
    this.gammaSvg.querySelectorAll('feFuncR, feFuncG, feFuncB').forEach((f) => {
      f.setAttribute('exponent', exponent);
    });
    this.canvas().style.filter = isNeutral(adjustments) ? '' : this.filter();
    // The view looks different: the toolbar marks "More" when the adjustments are behind it.
    this.tellViewChanged();
  }

  /** Points the tiles not loaded yet at a new token (the old one expires after two hours). */
  setTileBase(dziUrl: string): void {
    this.tilesBase = tilesBaseOf(dziUrl);
  }

  /** Opens the slide again after it failed to open (the descriptor could not be fetched). */
  reopen(dziUrl: string): void {
    this.tilesBase = tilesBaseOf(dziUrl);
    this.osd.open({ tileSource: dziUrl });
  }

  /**
   * Tiles that gave up are asked for again (with the token now set), each a few times at most:
   * a tile the server cannot make (a damaged region) must not be asked for forever.
   */
  retryFailedTiles(): void {
    let any = false;
    for (const tile of this.failedTiles) {
      const rearms = this.rearms.get(tile) ?? 0;
      if (rearms < TILE_REARMS_MAX && !tile.loaded) {
        this.rearms.set(tile, rearms + 1);
        tile.exists = true;
        any = true;
      }
    }
    this.failedTiles.clear();
    if (any) {
      // A view standing still counts as fully loaded once its tiles have failed, and
      // OpenSeadragon plans no loads for it until it moves: its own clip set again (no change)
      // has each image plan the view's tiles afresh on the next frame.
      for (let i = 0; i < this.osd.world.getItemCount(); i += 1) {
        const item = this.osd.world.getItemAt(i);
        item.setClip(item.getClip());
      }
      this.osd.forceRedraw();
    }
  }

  /**
   * What the user sees, adjustments included, as a canvas of the view's device pixels: once the
   * view stands still with every tile it needs drawn (a screenshot taken just after a zoom was
   * the blurred frame of the zoom's middle), or after a few seconds whatever is drawn by then.
   */
  async captureView(): Promise<HTMLCanvasElement> {
    await this.settled(CAPTURE_SETTLE_MS);
    const source = this.canvas();
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d');
    if (!context) {
      throw new Error('no 2D canvas');
    }
    context.filter = isNeutral(this.adjustments) ? 'none' : this.filter();
    context.drawImage(source, 0, 0);
    return copy;
  }

  /** Resolves once the view stands still and its tiles are drawn, or after `timeoutMs`. */
  private settled(timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    return new Promise((resolve) => {
      let still = 0;
      const check = () => {
        // Two frames in a row: the frame a spring stops in still draws its last step.
        still = this.moving() || !this.fullyLoaded() ? 0 : still + 1;
        if (still >= 2 || performance.now() >= deadline) {
          resolve();
        } else {
          requestAnimationFrame(check);
        }
      };
      requestAnimationFrame(check);
    });
  }

  /** Whether the view is still on its way to where it was sent (a zoom, a pan, Home). */
  private moving(): boolean {
    const viewport = this.osd.viewport;
    const zoom = viewport.getZoom(false);
    return (
      Math.abs(viewport.getZoom(true) - zoom) > zoom * 1e-6 ||
      viewport.getCenter(true).distanceTo(viewport.getCenter(false)) > 1e-6 / zoom
    );
  }

  /** Whether every tile needed for the current view has been drawn. */
  fullyLoaded(): boolean {
    return this.osd.world.getItemAt(0)?.getFullyLoaded() ?? false;
  }

  setFullScreen(on: boolean): void {
    this.osd.setFullScreen(on);
  }

  destroy(): void {
    this.prefetcher.stop();
    this.listeners.clear();
    this.osd.destroy();
    this.gammaSvg.remove();
  }

  private filter(): string {
    return filterCss(this.adjustments, this.gammaId);
  }

  private canvas(): HTMLCanvasElement {
    return (this.osd.drawer as unknown as { canvas: HTMLCanvasElement }).canvas;
  }

  private containerWidth(): number {
    return this.osd.viewport.getContainerSize().x;
  }
}

/** A Deep Zoom descriptor as OpenSeadragon reads it from JSON: the slide.dzi the server serves. */
function inlineDzi(dz: DeepZoomDto, tilesBase: string) {
  return {
    Image: {
      xmlns: 'http://schemas.microsoft.com/deepzoom/2008',
      Url: tilesBase,
      Format: 'jpeg',
      Overlap: '0',
      TileSize: String(dz.iTileSize),
      Size: { Width: String(dz.iWidth), Height: String(dz.iHeight) },
    },
  };
}

/** The Deep Zoom tiles folder of a descriptor: /tiles/<token>/slide.dzi → …/slide_files/. */
function tilesBaseOf(dziUrl: string): string {
  return dziUrl.replace(/\.dzi$/, '_files/');
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/** A hidden SVG holding the gamma filter the view's CSS filter refers to by id. */
function gammaFilterElement(id: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('width', '0');
  svg.setAttribute('height', '0');
  svg.setAttribute('aria-hidden', 'true');
  Object.assign(svg.style, { position: 'absolute', width: '0', height: '0' });
  const filter = document.createElementNS(SVG_NS, 'filter');
  filter.id = id;
  filter.setAttribute('color-interpolation-filters', 'sRGB');
  const transfer = document.createElementNS(SVG_NS, 'feComponentTransfer');
  for (const channel of ['feFuncR', 'feFuncG', 'feFuncB']) {
    const f = document.createElementNS(SVG_NS, channel);
    f.setAttribute('type', 'gamma');
    f.setAttribute('amplitude', '1');
    f.setAttribute('exponent', '1');
    f.setAttribute('offset', '0');
    transfer.appendChild(f);
  }
  filter.appendChild(transfer);
  svg.appendChild(filter);
  return svg;
}
