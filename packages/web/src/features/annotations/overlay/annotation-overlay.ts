import type { AnnotationDto, AnnotationKind } from '@pathconsult/shared';
import { isTyping } from '@/lib/is-typing';
import { modalAbove } from '@/lib/modal-above';
import { pixelSizeOf, type Point } from '../utils/geometry';
import { DrawSession, type FinishedShape } from './draw-session';
import { declutterLabels, leftOutLabels } from './label-declutter';
import { LABEL_FONT_PX } from './label-font';
import { keepLabelsInView, withLeaderLines } from './label-placement';
import {
  describeShape,
  hitOutlines,
  labelBackdrop,
  drawingLayers,
  type DrawableShape,
  type SvgNode,
} from './svg-shapes';
import { ARROW_MARKER_BOX, ARROW_MARKER_REF, ARROW_MARKER_STROKES } from './arrow-head';
import { captureDrawingOrder, captureLayout } from './capture-layout';
import { overlaps, type Box } from './label-declutter';
import { isDegenerate, reshaped, shapeHandles, type ShapeHandle } from './shape-handles';
import { followShapePress, followShapeTap, type ShapePress } from './shape-press';
import { penCross, penDown, penFollows } from './keyboard-pen';
import type { ViewerSurface } from './viewer-surface';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Tools whose shapes are placed by clicks, not drawn by a drag. */
const CLICK_TOOLS: readonly AnnotationKind[] = ['polygon', 'text'];
let layers = 0;
/** The labels' font: the app's sans-serif, with the Chinese faces Windows, macOS and Linux have. */
const LABEL_FONT =
  "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', " +
  "'WenQuanYi Micro Hei', 'Noto Sans CJK SC', sans-serif";

export interface OverlayShape extends DrawableShape {
  id: number;
}

/** The saved annotations as the layer draws them. */
export function overlayShapesOf(list: readonly AnnotationDto[]): OverlayShape[] {
  return list.map((a) => ({
    id: a.iAnnotationId,
    kind: a.strKind,
    color: a.strColor,
    text: a.strText,
    points: a.listPoint,
  }));
}

export interface OverlayCallbacks {
  /** A shape was finished with the current tool (level-0 pixels, on the image). */
  onFinished(shape: FinishedShape, color: string): void;
  /** A saved shape was clicked with the select tool. */
  onSelect(id: number | null): void;
  /** A polygon of one or two corners was asked to close (it needs three; drawing goes on). */
  onTooFewCorners?(): void;
  /** A shape was drawn wholly beside the slide, so none was made. */
  onOffSlide?(): void;
  /** The editable shape was reshaped or moved by its handles (its new level-0 points). */
  onReshaped?(id: number, points: [number, number][]): void;
  /**
   * What a key did with the keyboard's pen (keyboard-pen.ts), `corners` being a polygon's corners
   * placed so far: the page tells a screen reader, and what to do next.
   */
  onPenStep?(step: PenStep, corners: number): void;
  /** The corners of the polygon under way changed in number (0 once none is being drawn). */
  onCorners?(count: number): void;
  /**
   * The saved shapes whose labels the declutter leaves out of the view changed in number: the
   * page says how many, so that a hidden length or name is not taken for a missing one.
   */
  onLabelsLeftOut?(count: number): void;
}

/**
 * A step of the keyboard's pen: a shape begun, a corner placed or taken back, Space pressed
 * again before the slide moved, the shape finished, dropped with Esc, or not kept (no length or
 * area, or wholly beside the slide).
 */
export type PenStep =
  'started' | 'corner' | 'undone' | 'moveFirst' | 'finished' | 'cancelled' | 'notKept' | 'offSlide';

/** A handle of the editable shape being dragged: the shape is drawn with `points` meanwhile. */
interface HandleDrag {
  id: number;
  handle: ShapeHandle;
  from: Point;
  points: [number, number][] | null;
  /** Ends the drag's window listeners. */
  stop: AbortController;
}

/** Screen pixels a handle must travel before its drag changes anything (a click is no drag). */
const DRAG_SLOP_PX = 3;

/**
 * The SVG layer over the slide viewer: draws the slide's annotations and the shape being drawn,
 * re-mapped through the viewer's image → element transform at every view change, so shapes follow
 * pan, zoom, rotation and flip. With a drawing tool chosen it takes the pointer: a drag draws the
 * dragged shapes, and pans around the clicked ones (polygon, note); with "select" it lets the
 * pointer through to the viewer except on shapes.
 */
export class AnnotationOverlay {
  readonly svg: SVGSVGElement;
  private shapes: OverlayShape[] = [];
  private selected: number | null = null;
  /** The selected shape when its author may change it: its handles are drawn. */
  private editable: number | null = null;
  private drag: HandleDrag | null = null;
  /**
   * A reshaped shape's new points, drawn until the page's list brings them (setShapes): without
   * it the shape sprang back to its old place for a moment after the handle was let go.
   */
  private settling: { id: number; points: [number, number][] } | null = null;
  private tool: AnnotationKind | 'select' = 'select';
  private color = '#ff0000';
  private session: DrawSession | null = null;
  /**
   * The last press on a shape with the select tool, or anywhere with a click tool (polygon,
   * note): a drag from it pans instead of picking or placing.
   */
  private press: ShapePress | null = null;
  /** A finger's press on a shape handed to the slide, followed to tell a tap (it picks). */
  private tap: { cancel(): void } | null = null;
  private readonly unsubscribe: () => void;
  private readonly controller = new AbortController();
  /** Ids of this layer's label filters: unique in the page, where up to four layers live. */
  private readonly plateId = `pc-label-${++layers}`;
  /**
   * Whether the keyboard's pen was used since the last press of a pointer: the shape under way
   * follows the view's centre, and the pen's cross stays drawn.
   */
  private pen = false;
  /**
   * A pointer pressed the layer since the slide last got the keys by Tab: the pen's cross is no
   * longer shown for the focus alone (a mouse user who once tabbed there).
   */
  private pointerUsed = false;
  /** The polygon's corners last told (onCorners). */
  private cornersTold = 0;
  private leftOutTold = 0;
  /** Where the pen's cross is drawn: kept across renders, redrawn alone as the focus moves. */
  private readonly penLayer = document.createElementNS(SVG_NS, 'g');

  constructor(
    private readonly viewer: ViewerSurface,
    private readonly callbacks: OverlayCallbacks,
  ) {
    this.svg = document.createElementNS(SVG_NS, 'svg');
    this.svg.setAttribute('data-testid', 'annotation-overlay');
    Object.assign(this.svg.style, {
      position: 'absolute',
      inset: '0',
      width: '100%',
      height: '100%',
      zIndex: '2',
      pointerEvents: 'none',
      overflow: 'hidden',
      // A press on a shape pans or picks (shape-press.ts): it must not select label text or
      // scroll the page on a touch screen.
      userSelect: 'none',
      touchAction: 'none',
    });
    viewer.element.appendChild(this.svg);
    this.penLayer.style.pointerEvents = 'none';
    this.unsubscribe = viewer.onViewChange(() => {
      this.followPen();
      this.render();
    });
    this.listen();
    this.render();
  }

  setShapes(shapes: OverlayShape[]): void {
    this.shapes = shapes;
    this.settling = null;
    this.render();
  }

  setSelected(id: number | null): void {
    this.selected = id;
    this.render();
  }

  /** The selected shape the caller may change (handles to reshape and move it), or null. */
  setEditable(id: number | null): void {
    if (this.drag && this.drag.id !== id) {
      this.endDrag();
    }
    this.editable = id;
    this.render();
  }

  setColor(color: string): void {
    this.color = color;
    this.render();
  }

  setTool(tool: AnnotationKind | 'select'): void {
    this.tool = tool;
    this.session = null;
    this.svg.style.pointerEvents = tool === 'select' ? 'none' : 'all';
    this.svg.style.cursor = tool === 'select' ? '' : 'crosshair';
    this.render();
  }

  /**
   * The layer hidden (a clean look at the tissue, a screenshot without marks) or shown again;
   * the shapes stay loaded, only not drawn. Screenshots read `shown` to leave the layer out.
   */
  setShown(shown: boolean): void {
    this.svg.style.display = shown ? '' : 'none';
  }

  get shown(): boolean {
    return this.svg.style.display !== 'none';
  }

  /**
   * A shape is being drawn or a handle dragged: keys that change saved annotations (Ctrl+Z) wait,
   * so that they never change a shape under the user's hands.
   */
  get busy(): boolean {
    return this.drag !== null || (this.session?.draft.length ?? 0) > 0;
  }

  /** Esc: the shape under way is dropped. */
  cancelDrawing(): void {
    this.session?.cancel();
    this.render();
  }

  destroy(): void {
    this.drag?.stop.abort();
    this.press?.cancel();
    this.tap?.cancel();
    this.unsubscribe();
    this.controller.abort();
    this.svg.remove();
  }

  private toElement = ([x, y]: Point): Point => {
    const p = this.viewer.imageToElement({ x, y });
    return [p.x, p.y];
  };

  private toImage(event: MouseEvent): Point {
    const box = this.svg.getBoundingClientRect();
    const p = this.viewer.elementToImage({
      x: event.clientX - box.left,
      y: event.clientY - box.top,
    });
    return [p.x, p.y];
  }

  /** Level-0 pixels per element pixel now (for free-hand simplification and tiny drags). */
  private pixelSize = (): number => {
    const a = this.viewer.elementToImage({ x: 0, y: 0 });
    const b = this.viewer.elementToImage({ x: 1, y: 0 });
    return Math.hypot(b.x - a.x, b.y - a.y) || 1;
  };

  /** Level-0 pixels under the centre of the view: where the keyboard's pen is. */
  private centre(): Point {
    const p = this.viewer.elementToImage({
      x: this.viewer.element.clientWidth / 2,
      y: this.viewer.element.clientHeight / 2,
    });
    return [p.x, p.y];
  }

  /** The slide moved under the keyboard's pen: the shape under way follows the centre. */
  private followPen(): void {
    if (this.pen && this.session) {
      penFollows(this.session, this.centre());
    }
  }

  /**
   * The pen's cross is drawn with a drawing tool while the slide has the keyboard (reached by
   * Tab, or the pen used): a mouse user, whose clicks also give the slide the keys, never sees it.
   */
  private penShown(): boolean {
    if (this.tool === 'select') {
      return false;
    }
    const active = document.activeElement;
    const keys = active instanceof HTMLElement && this.viewer.element.contains(active);
    return keys && (this.pen || (!this.pointerUsed && active.matches(':focus-visible')));
  }

  /**
   * Whether a key went to the slide itself: not to a control laid over it (the resumed view's
   * note has buttons, which Space must still press).
   */
  private slideHasKey(target: EventTarget | null): boolean {
    return (
      target instanceof Element &&
      this.viewer.element.contains(target) &&
      !isTyping(target) &&
      target.closest('button, a[href], input, select, textarea, [role="button"]') === null
    );
  }

  /** Space with a drawing tool, the slide having the keys: the pen down or up (keyboard-pen.ts). */
  private penKey(): void {
    const s = this.sessionNow();
    if (!s) {
      return;
    }
    this.pen = true;
    // As far as a drag must go to draw (DrawSession's least).
    const step = penDown(s, this.centre(), 2 * this.pixelSize());
    const say = (what: PenStep) => this.callbacks.onPenStep?.(what, s.corners.length);
    if (!step) {
      say('moveFirst');
      this.render();
      return;
    }
    this.handleStep(step);
    if (step.kind === 'drawing') {
      say(s.tool === 'polygon' ? 'corner' : 'started');
    } else if (step.kind === 'finished') {
      say('finished');
    } else {
      say(step.offSlide ? 'offSlide' : 'notKept');
    }
  }

  private sessionNow(): DrawSession | null {
    if (this.tool === 'select') {
      return null;
    }
    this.session ??= new DrawSession(this.tool, this.viewer.slide, this.pixelSize);
    return this.session;
  }

  /** What a step of drawing leads to: a finished shape handed on, a refusal said, a redraw. */
  private readonly handleStep = (step: ReturnType<DrawSession['press']>): void => {
    if (step.kind === 'finished') {
      this.session = null;
      this.callbacks.onFinished(step.shape, this.color);
    } else if (step.kind === 'drawing' && step.tooFewCorners) {
      this.callbacks.onTooFewCorners?.();
    } else if (step.kind === 'idle' && step.offSlide) {
      this.callbacks.onOffSlide?.();
    }
    this.render();
  };

  /**
   * The polygon under way closed at its placed corners, as Enter or a double click does: for a
   * finger on a tablet, which has neither (the toolbar's button calls it).
   */
  finishPolygon(): void {
    if (this.session && this.tool === 'polygon') {
      this.handleStep(this.session.close());
    }
  }

  /** The polygon's last corner taken back, as Backspace does (the toolbar's button). */
  undoCorner(): void {
    if (this.session && this.tool === 'polygon' && this.session.corners.length > 0) {
      this.handleStep(this.session.undoCorner());
    }
  }

  private listen(): void {
    const opts = { signal: this.controller.signal };
    const handle = this.handleStep;
    // A press on the layer or on a shape gives the slide the keys, as a press on the bare slide
    // does: the layer lies outside OpenSeadragon's canvas, and the press's own default moved the
    // focus to the page (after the first click on a shape, "+" and the arrows did nothing).
    // Taken on the mouse's press (a touch sends one too), whose default, the focus change, is
    // kept from undoing it.
    this.svg.addEventListener(
      'mousedown',
      (e) => {
        if (e.button === 0) {
          e.preventDefault();
          this.viewer.focusKeys();
        }
      },
      opts,
    );
    // The slide gaining or losing the keys shows or hides the pen's cross. Only the cross is
    // redrawn: a press on a shape gives the slide the keys, and shapes redrawn under the pointer
    // would swallow the click that picks one.
    this.viewer.element.addEventListener(
      'focusin',
      (e) => {
        // Reached by Tab again: the cross shows, though a pointer was used before.
        if (e.target instanceof Element && e.target.matches(':focus-visible')) {
          this.pointerUsed = false;
        }
        this.drawPen();
      },
      opts,
    );
    this.viewer.element.addEventListener('focusout', () => this.drawPen(), opts);
    this.svg.addEventListener(
      'pointerdown',
      (e) => {
        // A pointer draws from here: the shape no longer follows the view's centre.
        this.pen = false;
        this.pointerUsed = true;
        this.drawPen();
        const s = this.sessionNow();
        if (!s || e.button !== 0) {
          return;
        }
        if (CLICK_TOOLS.includes(s.tool)) {
          // Corners and notes are placed by clicks, so a drag is free to pan, as on the bare
          // slide: a polygon larger than the screen is drawn by panning between corners.
          if (e.isPrimary) {
            this.press?.cancel();
            this.press = followShapePress(e, this.viewer);
          }
          return;
        }
        this.svg.setPointerCapture(e.pointerId);
        handle(s.press(this.toImage(e)));
      },
      opts,
    );
    this.svg.addEventListener(
      'pointermove',
      (e) => {
        const s = this.session;
        // A shape the keyboard's pen is drawing follows the view's centre, not a mouse resting
        // on the slide; a press on the layer hands the shape over to the pointer.
        if (s && !this.pen) {
          handle(s.move(this.toImage(e)));
        }
      },
      opts,
    );
    this.svg.addEventListener(
      'pointerup',
      (e) => {
        const s = this.session;
        // (A button pressed elsewhere and let go of over the slide ends no keyboard shape.)
        if (s && !this.pen) {
          handle(s.release(this.toImage(e)));
        }
      },
      opts,
    );
    this.svg.addEventListener(
      'click',
      (e) => {
        const s = this.sessionNow();
        // A drag that panned the slide places nothing where it ends.
        if (s && !(CLICK_TOOLS.includes(s.tool) && this.press?.dragged())) {
          handle(s.click(this.toImage(e)));
        }
      },
      opts,
    );
    this.svg.addEventListener(
      'dblclick',
      (e) => {
        e.preventDefault();
        if (this.session) {
          handle(this.session.close());
        }
      },
      opts,
    );
    // The wheel zooms over shapes and while drawing too, as it does over the bare slide.
    this.svg.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        this.viewer.forwardWheel(e);
      },
      { ...opts, passive: false },
    );
    window.addEventListener(
      'keydown',
      (e) => {
        // Keys under an open dialog or image preview are that layer's.
        if (modalAbove()) {
          return;
        }
        if (e.key === 'Escape' && this.drag) {
          // The handle let go of: the shape as it was.
          e.preventDefault();
          this.endDrag();
        } else if (e.key === 'Escape' && this.session) {
          const drawing = this.session.draft.length > 0;
          if (drawing) {
            // The shape being drawn goes, and that is all this Esc does (the tool stays).
            e.preventDefault();
          }
          const pen = this.pen && drawing;
          this.cancelDrawing();
          if (pen) {
            this.callbacks.onPenStep?.('cancelled', 0);
          }
        } else if (
          e.key === ' ' &&
          this.tool !== 'select' &&
          this.slideHasKey(e.target) &&
          !e.ctrlKey &&
          !e.altKey &&
          !e.metaKey
        ) {
          // Held down, Space repeats: one press is one step of the pen.
          e.preventDefault();
          if (!e.repeat) {
            this.penKey();
          }
        } else if (e.key === 'Enter' && this.session) {
          handle(this.session.close());
        } else if (e.key === 'Backspace' && this.tool === 'polygon' && !isTyping(e.target)) {
          // With the polygon tool Backspace takes corners back, and once none are left does
          // nothing: it never reaches the selected annotation's deletion (annotation-tools.ts
          // leaves a key whose default was prevented alone), one press too many asked to
          // delete another mark.
          e.preventDefault();
          if (this.session && this.session.corners.length > 0) {
            handle(this.session.undoCorner());
            if (this.pen) {
              this.callbacks.onPenStep?.('undone', this.session?.corners.length ?? 0);
            }
          }
        }
      },
      opts,
    );
  }

  /**
   * The saved annotations as a report's picture draws them (capture-layout.ts): labels up to
   * `textScale` times their screen size, placed for it and kept off `covered` (the scale stamp),
   * in a viewBox the picture scales to the view's size. What is for the user only stays out: the
   * selection, the handles, a shape being drawn.
   */
  captureLayer(textScale: number, covered: readonly Box[]): SVGSVGElement {
    const box = {
      width: this.viewer.element.clientWidth,
      height: this.viewer.element.clientHeight,
    };
    // As the user sees them: a reshaped shape at its new points while they are being saved.
    const shapes = this.shapesShown();
    const layout = captureLayout(
      shapes,
      this.toElement,
      pixelSizeOf(this.viewer.slide),
      box,
      covered,
      textScale,
    );
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', `0 0 ${layout.view.width} ${layout.view.height}`);
    svg.append(
      arrowHeads(new Set(shapes.map((shape) => shape.color))),
      labelBackdrops(this.plateId),
      ...captureDrawingOrder(layout.groups).map((node) => svgElement(node, this.plateId)),
    );
    return svg;
  }

  /** How many of the annotations shown lie, whole or in part, in `area` (element pixels). */
  marksIn(area: Box): number {
    return this.shapesShown().filter((shape) => {
      const points = shape.points.map(this.toElement);
      if (points.length === 0) {
        return false;
      }
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      return overlaps(
        {
          left: Math.min(...xs),
          right: Math.max(...xs),
          top: Math.min(...ys),
          bottom: Math.max(...ys),
        },
        area,
      );
    }).length;
  }

  /** The labels moved into the view and off the navigator (label-placement.ts). */
  private inView(nodes: SvgNode[][]): SvgNode[][] {
    // The viewer's element, which the layer covers (an <svg>'s own client size can read 0).
    const view = {
      width: this.viewer.element.clientWidth,
      height: this.viewer.element.clientHeight,
    };
    return keepLabelsInView(nodes, view, this.viewer.coveredAreas());
  }

  private render(): void {
    const shapes = this.shapesShown();
    const nodes: SvgNode[][] = shapes.map((shape) =>
      describeShape(shape, this.toElement, pixelSizeOf(this.viewer.slide), {
        selected: shape.id === this.selected,
        handleRadius: this.hasHandles(shape.id) ? this.handleRadius() : 0,
      }),
    );
    const draft = this.session?.draft ?? [];
    if (draft.length > 0 && this.tool !== 'select') {
      nodes.push([
        ...describeShape(
          { kind: this.tool, color: this.color, text: null, points: draft },
          this.toElement,
          pixelSizeOf(this.viewer.slide),
          { closed: false },
        ),
        // A polygon's corners placed so far, marked: a Backspace shows at once which went (the
        // side to the pointer alone did not change while the pointer stood on that corner).
        ...(this.session?.corners ?? []).map((corner) =>
          cornerMark(this.toElement(corner), this.color),
        ),
      ]);
    }
    const colors = new Set([...this.shapes.map((s) => s.color), this.color]);
    const selected = this.shapes.findIndex((shape) => shape.id === this.selected);
    // The draft's measurement is what the user is looking at: it goes first of all.
    const first = draft.length > 0 && this.tool !== 'select' ? nodes.length - 1 : selected;
    const placed = this.inView(nodes);
    const kept = declutterLabels(placed, first);
    const leftOut = leftOutLabels(placed, kept);
    // The draft is placed first and never loses its label: only saved shapes count.
    const leftOutShapes = [...leftOut.keys()].filter((i) => this.shapes[i] !== undefined).length;
    if (leftOutShapes !== this.leftOutTold) {
      this.leftOutTold = leftOutShapes;
      this.callbacks.onLabelsLeftOut?.(leftOutShapes);
    }
    const groups = withLeaderLines(kept);
    const make = (node: SvgNode) => svgElement(node, this.plateId);
    const corners = this.tool === 'polygon' ? (this.session?.corners.length ?? 0) : 0;
    if (corners !== this.cornersTold) {
      this.cornersTold = corners;
      this.callbacks.onCorners?.(corners);
    }
    const layers = groups.map(drawingLayers);
    this.svg.replaceChildren(
      arrowHeads(colors),
      labelBackdrops(this.plateId),
      // Saved shapes are picked near their outline, not only on the thin stroke.
      ...groups.map((group, i) =>
        this.shapeGroup(
          this.shapes[i]?.id,
          'shape',
          [...(this.shapes[i] ? hitOutlines(group) : []), ...(layers[i]?.outline ?? [])].map(make),
          // A label left out for want of room is read by pointing at its shape.
          leftOut.get(i),
        ),
      ),
      // Every label over every outline: drawn in its shape's group, a later shape's line
      // crossed an earlier shape's length or name (as the report's picture already avoided).
      ...layers.flatMap(({ labels }, i) =>
        labels.length > 0 ? [this.shapeGroup(this.shapes[i]?.id, 'label', labels.map(make))] : [],
      ),
      // Over the shapes, so that a handle is hit before the outline under it.
      ...this.handleNodes(shapes),
      this.penLayer,
    );
    this.drawPen();
  }

  /**
   * A saved shape's outline (`part` 'shape') or its labels ('label'), which pick it as the
   * outline does; with no `id`, the shape being drawn, which picks nothing.
   */
  private shapeGroup(
    id: number | undefined,
    part: 'shape' | 'label',
    children: SVGElement[],
    leftOutTexts?: readonly string[],
  ) {
    const g = document.createElementNS(SVG_NS, 'g');
    if (leftOutTexts) {
      // An SVG <title> is the shape's tooltip (and its name to a screen reader).
      const title = document.createElementNS(SVG_NS, 'title');
      title.textContent = leftOutTexts.join('\n');
      g.append(title);
      g.setAttribute('data-label-left-out', '');
    }
    g.append(...children);
    if (id === undefined) {
      g.setAttribute(
        'data-testid',
        part === 'shape' ? 'annotation-draft' : 'annotation-draft-label',
      );
      g.style.pointerEvents = 'none';
      return g;
    }
    g.setAttribute('data-testid', `annotation-${part}-${id}`);
    // Shapes are hit only by the select tool; while drawing, every event goes to the <svg>
    // itself, which is never replaced (a re-render under the pointer would swallow clicks).
    g.style.pointerEvents = this.tool === 'select' ? 'visiblePainted' : 'none';
    g.addEventListener('pointerdown', (e) => {
      if (e.pointerType === 'touch') {
        // A finger on a shape is the slide's, as on the bare slide: pinches and double
        // taps starting on an annotation did nothing (the annotated places are where a
        // pathologist zooms). A tap still picks the shape.
        this.tap?.cancel();
        this.tap = followShapeTap(e, () => this.callbacks.onSelect(id));
        this.viewer.forwardTouch(e);
        return;
      }
      // One finger or the left button: a second finger must not pan on top of the first.
      if (e.button === 0 && e.isPrimary) {
        this.press?.cancel();
        this.press = followShapePress(e, this.viewer);
      }
    });
    g.addEventListener('click', () => {
      if (!this.press?.dragged()) {
        this.callbacks.onSelect(id);
      }
    });
    return g;
  }

  /** The keyboard's pen, a cross at the centre of the view, drawn when shown (penShown). */
  private drawPen(): void {
    if (!this.penShown()) {
      this.penLayer.replaceChildren();
      this.penLayer.removeAttribute('data-testid');
      return;
    }
    this.penLayer.setAttribute('data-testid', 'keyboard-pen');
    const centre: Point = [
      this.viewer.element.clientWidth / 2,
      this.viewer.element.clientHeight / 2,
    ];
    this.penLayer.replaceChildren(
      ...penCross(centre, this.color).map((node) => svgElement(node, this.plateId)),
    );
  }

  /** Whether shape `id` is drawn with its handles: the editable one, with the select tool. */
  private hasHandles(id: number): boolean {
    return id === this.editable && this.tool === 'select';
  }

  /** The corner handles' radius: a finger needs a larger target than a mouse. */
  private handleRadius(): number {
    return window.matchMedia?.('(pointer: coarse)').matches ? 10 : 6;
  }

  /** The shapes as drawn now: the one whose handle is dragged at its new points. */
  private shapesShown(): OverlayShape[] {
    const moved = this.drag?.points
      ? { id: this.drag.id, points: this.drag.points }
      : this.settling;
    if (!moved) {
      return this.shapes;
    }
    return this.shapes.map((shape) =>
      shape.id === moved.id ? { ...shape, points: moved.points } : shape,
    );
  }

  /**
   * The editable shape's handles (shape-handles.ts): circles on its corners and one in its
   * middle, dragged to reshape or move it; released, the page saves it (onReshaped). Only with
   * the select tool, where a press elsewhere on the shape pans the slide.
   */
  private handleNodes(shapes: readonly OverlayShape[]): SVGGElement[] {
    const shape = shapes.find((s) => this.hasHandles(s.id));
    if (!shape) {
      return [];
    }
    const g = document.createElementNS(SVG_NS, 'g');
    g.setAttribute('data-testid', 'annotation-handles');
    const radius = this.handleRadius();
    for (const handle of shapeHandles(shape)) {
      const [x, y] = this.toElement(handle.at);
      const circle = document.createElementNS(SVG_NS, 'circle');
      const attrs: Record<string, string | number> = {
        cx: Number(x.toFixed(2)),
        cy: Number(y.toFixed(2)),
        r: handle.kind === 'move' ? radius + 1 : radius,
        fill: handle.kind === 'move' ? shape.color : '#ffffff',
        stroke: handle.kind === 'move' ? '#ffffff' : shape.color,
        'stroke-width': 2,
        'data-testid': `annotation-handle-${handle.kind}-${handle.index}`,
      };
      for (const [name, value] of Object.entries(attrs)) {
        circle.setAttribute(name, String(value));
      }
      circle.style.pointerEvents = 'all';
      circle.style.cursor = handle.kind === 'move' ? 'move' : 'crosshair';
      circle.style.touchAction = 'none';
      circle.addEventListener('pointerdown', (e) => this.beginDrag(e, shape.id, handle));
      g.append(circle);
    }
    return [g];
  }

  /** A handle pressed: followed on the window until released (the circle is redrawn meanwhile). */
  private beginDrag(e: PointerEvent, id: number, handle: ShapeHandle): void {
    if (e.button !== 0 || !e.isPrimary) {
      return;
    }
    // Neither a pan of the slide nor a pick of the shape under the handle.
    e.preventDefault();
    e.stopPropagation();
    this.viewer.focusKeys();
    this.endDrag();
    const start = { x: e.clientX, y: e.clientY };
    const stop = new AbortController();
    const drag: HandleDrag = { id, handle, from: this.toImage(e), points: null, stop };
    this.drag = drag;
    const opts = { signal: stop.signal };
    window.addEventListener(
      'pointermove',
      (move) => {
        if (move.pointerId !== e.pointerId) {
          return;
        }
        if (
          !drag.points &&
          Math.hypot(move.clientX - start.x, move.clientY - start.y) < DRAG_SLOP_PX
        ) {
          return;
        }
        const shape = this.shapes.find((s) => s.id === id);
        if (!shape) {
          this.endDrag();
          return;
        }
        drag.points = reshaped(shape, handle, drag.from, this.toImage(move), this.viewer.slide);
        this.render();
      },
      opts,
    );
    const release = (up: PointerEvent) => {
      if (up.pointerId !== e.pointerId) {
        return;
      }
      const points = drag.points;
      const shape = this.shapes.find((s) => s.id === id);
      // Nothing left to see (a box squeezed flat, a ruler folded onto itself): not saved, the
      // shape goes back, as drawing keeps no such shape.
      const kept =
        points &&
        shape &&
        up.type === 'pointerup' &&
        !isDegenerate(shape.kind, points, this.pixelSize());
      if (kept) {
        this.settling = { id, points };
      }
      this.endDrag();
      if (kept) {
        this.callbacks.onReshaped?.(id, points);
      }
    };
    window.addEventListener('pointerup', release, opts);
    window.addEventListener('pointercancel', release, opts);
  }

  /** Ends a handle's drag, if any: the shape is drawn from its saved points again. */
  private endDrag(): void {
    if (this.drag) {
      this.drag.stop.abort();
      this.drag = null;
      this.render();
    }
  }
}

/** A placed corner of a polygon being drawn. */
function cornerMark([x, y]: Point, color: string): SvgNode {
  return {
    tag: 'circle',
    attrs: {
      cx: Number(x.toFixed(2)),
      cy: Number(y.toFixed(2)),
      r: 3.5,
      fill: color,
      stroke: '#ffffff',
      'stroke-width': 1,
      class: 'pc-corner',
    },
  };
}

function svgElement(node: SvgNode, plateId: string): SVGElement {
  const el = document.createElementNS(SVG_NS, node.tag);
  for (const [name, value] of Object.entries(node.attrs)) {
    el.setAttribute(name, String(value));
  }
  if (node.text !== undefined) {
    el.textContent = node.text;
    // Readable on any stain: the letters sit on a plate, light or dark as their colour needs
    // (a thin halo alone left red letters on pink tissue hard to read).
    el.setAttribute('filter', `url(#${plateId}-${labelBackdrop(String(node.attrs.fill ?? ''))})`);
    el.setAttribute('font-size', String(LABEL_FONT_PX));
    // Named here, not inherited: a screenshot draws the SVG as an image, which inherits nothing.
    el.setAttribute('font-family', LABEL_FONT);
  }
  return el;
}

/**
 * The labels' plates: an SVG filter floods the text's box (a little larger) and draws the letters
 * over it, so no text has to be measured. Kept in the overlay's own SVG: a screenshot draws that
 * SVG alone.
 */
function labelBackdrops(plateId: string): SVGDefsElement {
  const defs = document.createElementNS(SVG_NS, 'defs');
  const plates: [name: string, colour: string, opacity: string][] = [
    ['light', '#ffffff', '0.88'],
    ['dark', '#000000', '0.66'],
  ];
  for (const [name, colour, opacity] of plates) {
    const filter = document.createElementNS(SVG_NS, 'filter');
    filter.setAttribute('id', `${plateId}-${name}`);
    filter.setAttribute('x', '-0.06');
    filter.setAttribute('y', '-0.12');
    filter.setAttribute('width', '1.12');
    filter.setAttribute('height', '1.24');
    const flood = document.createElementNS(SVG_NS, 'feFlood');
    flood.setAttribute('flood-color', colour);
    flood.setAttribute('flood-opacity', opacity);
    flood.setAttribute('result', 'plate');
    const merge = document.createElementNS(SVG_NS, 'feMerge');
    for (const input of ['plate', 'SourceGraphic']) {
      const node = document.createElementNS(SVG_NS, 'feMergeNode');
      node.setAttribute('in', input);
      merge.append(node);
    }
    filter.append(flood, merge);
    defs.append(filter);
  }
  return defs;
}

/** One arrow-head marker per colour in use (SVG markers do not take the line's colour). */
function arrowHeads(colors: Set<string>): SVGDefsElement {
  const defs = document.createElementNS(SVG_NS, 'defs');
  for (const color of colors) {
    const marker = document.createElementNS(SVG_NS, 'marker');
    marker.setAttribute('id', `pc-arrow-${color.slice(1)}`);
    marker.setAttribute('viewBox', `0 0 ${ARROW_MARKER_BOX} ${ARROW_MARKER_BOX}`);
    marker.setAttribute('refX', String(ARROW_MARKER_REF));
    marker.setAttribute('refY', String(ARROW_MARKER_BOX / 2));
    marker.setAttribute('markerWidth', String(ARROW_MARKER_STROKES));
    marker.setAttribute('markerHeight', String(ARROW_MARKER_STROKES));
    marker.setAttribute('orient', 'auto-start-reverse');
    const head = document.createElementNS(SVG_NS, 'path');
    const [end, middle] = [ARROW_MARKER_BOX, ARROW_MARKER_BOX / 2];
    head.setAttribute('d', `M0,0 L${end},${middle} L0,${end} z`);
    head.setAttribute('fill', color);
    marker.append(head);
    defs.append(marker);
  }
  return defs;
}
