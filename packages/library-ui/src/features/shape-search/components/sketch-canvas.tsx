import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Button, Segmented, Space } from 'antd';
import { ClearOutlined, EditOutlined, LineOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useLibraryTranslation } from '../../../i18n/use-library-translation';
import '../shape-messages';
import { drawSketch, isVisible, SKETCH_SIZE, strokeFrom, toSketchPoint, undoStroke, type Point, type SketchTool, type Stroke } from '../sketch';
import './shape-search.css';

interface SketchCanvasProps {
  /** Called with the sketch as a PNG file when 搜索 is pressed. */
  onSearch: (file: File) => void;
  searching?: boolean;
}

/** A drag in progress: where it started, the pen's path so far, and the stroke it would make now. */
interface Drag {
  start: Point;
  path: Point[];
  preview: Stroke;
}

function CircleIcon() {
  return <span className="lib-shape-sketch__circle-icon" aria-hidden />;
}

/** The 2D search's sketch pad: pen, line and circle, undo and clear, and a search sending the canvas as PNG. */
export function SketchCanvas({ onSearch, searching }: SketchCanvasProps) {
  const { t } = useLibraryTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [tool, setTool] = useState<SketchTool>('circle');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [drag, setDrag] = useState<Drag | null>(null);

  useEffect(() => {
    // jsdom has no 2D context; a browser always has one.
    const context = canvas.current?.getContext('2d');
    if (context) drawSketch(context, drag ? [...strokes, drag.preview] : strokes);
  }, [strokes, drag]);

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) => toSketchPoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const start = pointAt(event);
    setDrag({ start, path: [start], preview: strokeFrom(tool, start, start, []) });
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag) return;
    const current = pointAt(event);
    const path = tool === 'pen' ? [...drag.path, current] : drag.path;
    setDrag({ ...drag, path, preview: strokeFrom(tool, drag.start, current, drag.path) });
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag) return;
    const stroke = strokeFrom(tool, drag.start, pointAt(event), drag.path);
    setDrag(null);
    if (isVisible(stroke)) setStrokes((current) => [...current, stroke]);
  };

  const search = () => {
    canvas.current?.toBlob((blob) => {
      if (blob) onSearch(new File([blob], 'sketch.png', { type: 'image/png' }));
    }, 'image/png');
  };

  return (
    <div className="lib-shape-sketch" data-testid="shape-sketch">
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented<SketchTool>
          data-testid="shape-sketch-tool"
          value={tool}
          onChange={setTool}
          options={[
            { value: 'pen', label: t('shape.sketch.pen'), icon: <EditOutlined /> },
            { value: 'line', label: t('shape.sketch.line'), icon: <LineOutlined /> },
            { value: 'circle', label: t('shape.sketch.circle'), icon: <CircleIcon /> },
          ]}
        />
        <Button icon={<UndoOutlined />} disabled={strokes.length === 0} onClick={() => setStrokes(undoStroke)} data-testid="shape-sketch-undo">
          {t('shape.sketch.undo')}
        </Button>
        <Button icon={<ClearOutlined />} disabled={strokes.length === 0} onClick={() => setStrokes([])} data-testid="shape-sketch-clear">
          {t('shape.sketch.clear')}
        </Button>
      </Space>
      <canvas
        ref={canvas}
        width={SKETCH_SIZE}
        height={SKETCH_SIZE}
        className="lib-shape-sketch__canvas"
        data-testid="shape-sketch-canvas"
        data-strokes={strokes.length}
        aria-label={t('shape.sketch.canvas')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
      />
      <Button
        type="primary"
        block
        icon={<SearchOutlined />}
        disabled={strokes.length === 0}
        loading={searching}
        onClick={search}
        data-testid="shape-sketch-search"
        style={{ marginTop: 8 }}
      >
        {t('shape.sketch.search')}
      </Button>
    </div>
  );
}
