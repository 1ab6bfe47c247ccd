/** A point in the sketch's own pixels (the canvas's drawing buffer, whatever its size on screen). */
export interface Point {
  x: number;
  y: number;
}

export type SketchTool = 'pen' | 'line' | 'circle';

/** One finished stroke; the sketch is the list of them, so undo drops the last and clear empties it. */
export type Stroke = { tool: 'pen'; points: Point[] } | { tool: 'line'; from: Point; to: Point } | { tool: 'circle'; center: Point; radius: number };

/** The drawing buffer's side: the server reduces pictures to 256 px, so 512 leaves room for a steady hand. */
export const SKETCH_SIZE = 512;
/** Thick enough to survive that reduction and the server's threshold as one closed outline. */
export const SKETCH_LINE_WIDTH = 6;

/** The stroke a drag from `start` to `current` makes with `tool`; the pen's path is the points so far. */
export function strokeFrom(tool: SketchTool, start: Point, current: Point, path: readonly Point[] = []): Stroke {
  switch (tool) {
    case 'pen':
      return { tool, points: [...path, current] };
    case 'line':
      return { tool, from: start, to: current };
    case 'circle':
      return { tool, center: start, radius: Math.hypot(current.x - start.x, current.y - start.y) };
  }
}

/** A stroke too small to see (a click without a drag) is not kept. */
export function isVisible(stroke: Stroke): boolean {
  switch (stroke.tool) {
    case 'pen':
      return stroke.points.length > 1;
    case 'line':
      return Math.hypot(stroke.to.x - stroke.from.x, stroke.to.y - stroke.from.y) >= 2;
    case 'circle':
      return stroke.radius >= 2;
  }
}

export function undoStroke(strokes: readonly Stroke[]): Stroke[] {
  return strokes.slice(0, -1);
}

/** Converts a pointer position on the element to the drawing buffer's pixels. */
export function toSketchPoint(clientX: number, clientY: number, rect: { left: number; top: number; width: number; height: number }): Point {
  const scaleX = rect.width > 0 ? SKETCH_SIZE / rect.width : 1;
  const scaleY = rect.height > 0 ? SKETCH_SIZE / rect.height : 1;
  return { x: (clientX - rect.left) * scaleX, y: (clientY - rect.top) * scaleY };
}

/** Paints the strokes black on white (the server reads the ink as the class unlike the border). */
export function drawSketch(context: CanvasRenderingContext2D, strokes: readonly Stroke[]): void {
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, SKETCH_SIZE, SKETCH_SIZE);
  context.strokeStyle = '#000000';
  context.lineWidth = SKETCH_LINE_WIDTH;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    context.beginPath();
    switch (stroke.tool) {
      case 'pen':
        stroke.points.forEach((point, index) => (index === 0 ? context.moveTo(point.x, point.y) : context.lineTo(point.x, point.y)));
        break;
      case 'line':
        context.moveTo(stroke.from.x, stroke.from.y);
        context.lineTo(stroke.to.x, stroke.to.y);
        break;
      case 'circle':
        context.arc(stroke.center.x, stroke.center.y, stroke.radius, 0, 2 * Math.PI);
        break;
    }
    context.stroke();
  }
}
