import { fireEvent, render, screen } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { defineLibraryConfig, LibraryConfigProvider } from '../../../config/library-config';
import { SketchCanvas } from './sketch-canvas';

vi.setConfig({ testTimeout: 30_000 });

function renderCanvas() {
  window.history.replaceState(null, '', '/component/search2D');
  render(
    <AppProviders basename="/component">
      <LibraryConfigProvider config={defineLibraryConfig('component')}>
        <SketchCanvas onSearch={() => {}} />
      </LibraryConfigProvider>
    </AppProviders>,
  );
  return screen.getByTestId('shape-sketch-canvas');
}

/** A drag across the canvas (jsdom lays it out at 0 × 0, so the buffer scale is 1). */
function drag(canvas: HTMLElement, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(canvas, { clientX: from[0], clientY: from[1], pointerId: 1 });
  fireEvent.pointerMove(canvas, { clientX: to[0], clientY: to[1], pointerId: 1 });
  fireEvent.pointerUp(canvas, { clientX: to[0], clientY: to[1], pointerId: 1 });
}

describe('SketchCanvas', () => {
  it('keeps each drag as a stroke; undo drops the last, clear drops all', () => {
    const canvas = renderCanvas();
    expect(screen.getByTestId('shape-sketch-search')).toBeDisabled();
    drag(canvas, [100, 100], [160, 100]);
    drag(canvas, [20, 20], [200, 200]);
    expect(canvas).toHaveAttribute('data-strokes', '2');
    expect(screen.getByTestId('shape-sketch-search')).toBeEnabled();
    fireEvent.click(screen.getByTestId('shape-sketch-undo'));
    expect(canvas).toHaveAttribute('data-strokes', '1');
    drag(canvas, [50, 50], [90, 90]);
    expect(canvas).toHaveAttribute('data-strokes', '2');
    fireEvent.click(screen.getByTestId('shape-sketch-clear'));
    expect(canvas).toHaveAttribute('data-strokes', '0');
    expect(screen.getByTestId('shape-sketch-undo')).toBeDisabled();
  });

  it('does not keep a click without a drag', () => {
    const canvas = renderCanvas();
    drag(canvas, [100, 100], [100, 100]);
    expect(canvas).toHaveAttribute('data-strokes', '0');
  });
});
