import type { AnnotationKind } from '@pathconsult/shared';
import {
  boxOf,
  clampToImage,
  distance,
  pathLength,
  polygonArea,
  simplifyPath,
  type Point,
} from '../utils/geometry';

/*
 * One shape being drawn, in level-0 image pixels: what a press, a drag, a click, a double click,
 * Enter or Esc do for each tool. No DOM here; the overlay feeds it points already mapped from the
 * element (rotation and flip handled by the viewer's elementToImage).
 *
 * - line, arrow, rectangle, ellipse: press, drag, release (a click without a drag is nothing);
 * - free hand: press and drag; released, the path is simplified to about one screen pixel;
 * - polygon: a click per corner; a double click or Enter closes it (3 corners at least: with
 *   fewer the step says so, and the drawing goes on); Backspace takes the last corner back;
 * - text: a click places the note (its text is asked for by the page).
 * Esc cancels whatever is under way.
 * Points are kept on the image as they come (a pointer beyond the edge draws along it), so the
 * draft and its measurement are exactly what is saved. A shape the pointer drew wholly in the
 * margin around the slide (the step says so: nothing appeared, and drawing seemed broken), or left
 * without length or area along its edge, is no shape.
 */

export type DrawTool = Exclude<AnnotationKind, never>;

export interface FinishedShape {
  kind: AnnotationKind;
  points: [number, number][];
}

export type DrawStep =
  | {
      kind: 'drawing';
      points: Point[];
      /** A close asked for with one or two corners: the page says a polygon needs three. */
      tooFewCorners?: true;
    }
  | { kind: 'finished'; shape: FinishedShape }
  | {
      kind: 'idle';
      /** The shape was drawn wholly in the margin around the slide: the page says why it went. */
      offSlide?: true;
    };

const TWO_POINT: readonly AnnotationKind[] = ['line', 'arrow', 'rectangle', 'ellipse'];

export class DrawSession {
  private points: Point[] = [];
  private pressed = false;
  /** Whether a point the shape was drawn through lay on the image. */
  private touched = false;
  /** Where the drag began, unclamped (a click in the grey is told from a drag there). */
  private pressedAt: Point = [0, 0];

  constructor(
    readonly tool: AnnotationKind,
    private readonly image: { width: number; height: number },
    /** Level-0 pixels per element pixel at the current zoom: the free-hand tolerance. */
    private readonly pixelSize: () => number,
  ) {}

  get draft(): readonly Point[] {
    return this.points;
  }

  /** A dragged shape has been pressed and not released yet. */
  get pressing(): boolean {
    return this.pressed;
  }

  press(pointer: Point): DrawStep {
    const p = this.onImage(pointer);
    if (this.tool === 'polygon' || this.tool === 'text') {
      return this.step();
    }
    // A new shape: only the points it is drawn through say whether it touched the slide.
    this.touched = false;
    this.mark(pointer);
    this.pressedAt = pointer;
    this.pressed = true;
    this.points = TWO_POINT.includes(this.tool) ? [p, p] : [p];
    return this.step();
  }

  move(pointer: Point): DrawStep {
    const p = this.onImage(pointer);
    if (!this.pressed) {
      if (this.tool === 'polygon' && this.points.length > 0) {
        // The corner to come follows the pointer.
        this.points = [...this.points.slice(0, -1), p];
      }
      return this.step();
    }
    this.mark(pointer);
    if (TWO_POINT.includes(this.tool)) {
      this.points = [this.points[0]!, p];
    } else if (this.tool === 'freehand') {
      this.points = [...this.points, p];
    }
    return this.step();
  }

  release(pointer: Point): DrawStep {
    if (!this.pressed) {
      return this.step();
    }
    const p = this.onImage(pointer);
    this.mark(pointer);
    this.pressed = false;
    const least = 2 * this.pixelSize();
    // Dragged wholly in the grey: said so. A click there is no attempt to draw, and says nothing.
    if (!this.touched && distance(this.pressedAt, pointer) >= least) {
      return this.offSlide();
    }
    if (TWO_POINT.includes(this.tool)) {
      const start = this.points[0]!;
      // A click without a drag is not a shape, nor is a box without area.
      const box = boxOf(start, p);
      const tiny =
        this.tool === 'rectangle' || this.tool === 'ellipse'
          ? box.width < least || box.height < least
          : distance(start, p) < least;
      return tiny ? this.cancel() : this.finish([start, p]);
    }
    if (this.tool === 'freehand') {
      // A press without a stroke is no shape; an outline ending exactly where it began is one
      // (it was dropped for its ends being the same point).
      const path = simplifyPath([...this.points, p], this.pixelSize());
      return path.length >= 2 && pathLength(path) >= 2 * this.pixelSize()
        ? this.finish(path)
        : this.cancel();
    }
    return this.step();
  }

  click(pointer: Point): DrawStep {
    const p = this.onImage(pointer);
    this.mark(pointer);
    if (this.tool === 'text') {
      return this.finish([p]);
    }
    if (this.tool === 'polygon') {
      // The pointer's floating corner becomes fixed and a new one follows.
      const fixed = this.points.length === 0 ? [p] : [...this.points.slice(0, -1), p];
      this.points = [...fixed, p];
    }
    return this.step();
  }

  /** Double click or Enter: closes a polygon of at least 3 corners. */
  close(): DrawStep {
    if (this.tool !== 'polygon') {
      return this.step();
    }
    // The corners placed, not the point that follows the pointer: Enter pressed with the pointer
    // elsewhere saved a corner where nobody clicked.
    const corners = dedupe(this.points.slice(0, -1));
    if (corners.length >= 3 && !this.touched) {
      return this.offSlide();
    }
    if (corners.length >= 3 && polygonArea(corners) < this.pixelSize() ** 2) {
      // Every corner on one line (along the slide's edge): no area to keep.
      return this.cancel();
    }
    if (corners.length >= 3) {
      return this.finish(corners);
    }
    // Nothing placed yet (Enter on an empty slide) is no question.
    return corners.length > 0
      ? { kind: 'drawing', points: this.points, tooFewCorners: true }
      : this.step();
  }

  /** Backspace: the polygon's last corner taken back; without corners left, no shape. */
  undoCorner(): DrawStep {
    if (this.tool !== 'polygon' || this.points.length === 0) {
      return this.step();
    }
    // The last point follows the pointer; those before it are the corners placed.
    const floating = this.points.at(-1)!;
    const corners = this.points.slice(0, -1);
    // A double click placed its spot twice: one Backspace takes that corner back whole.
    const last = corners.pop();
    while (last && corners.length > 0 && distance(corners.at(-1)!, last) === 0) {
      corners.pop();
    }
    if (corners.length === 0) {
      return this.cancel();
    }
    this.points = [...corners, floating];
    return this.step();
  }

  /** The corners a polygon has placed so far (not the point that follows the pointer). */
  get corners(): readonly Point[] {
    return this.tool === 'polygon' ? this.points.slice(0, -1) : [];
  }

  cancel(): DrawStep {
    this.points = [];
    this.pressed = false;
    this.touched = false;
    return { kind: 'idle' };
  }

  /** A shape drawn wholly off the image: dropped, and said so. */
  private offSlide(): DrawStep {
    this.cancel();
    return { kind: 'idle', offSlide: true };
  }

  private finish(points: readonly Point[]): DrawStep {
    if (!this.touched) {
      return this.offSlide();
    }
    const shape = { kind: this.tool, points: points.map(([x, y]) => [x, y] as [number, number]) };
    this.points = [];
    this.pressed = false;
    this.touched = false;
    return { kind: 'finished', shape };
  }

  /** The point kept on the image (rounded to 0.01 px, as the server keeps it). */
  private onImage(p: Point): Point {
    return clampToImage([p], this.image.width, this.image.height)[0]!;
  }

  /**
   * A point the shape is drawn through (a press, a drag, a release, a click; not a hover between
   * a polygon's corners): whether it lies on the slide.
   */
  private mark(p: Point): void {
    const { width, height } = this.image;
    if (p[0] >= 0 && p[1] >= 0 && p[0] <= width && p[1] <= height) {
      this.touched = true;
    }
  }

  private step(): DrawStep {
    return this.points.length > 0 ? { kind: 'drawing', points: this.points } : { kind: 'idle' };
  }
}

/** Consecutive repeats removed (a double click also clicks twice on the same spot). */
function dedupe(points: readonly Point[]): Point[] {
  return points.filter((p, i) => i === 0 || distance(p, points[i - 1]!) > 0);
}
