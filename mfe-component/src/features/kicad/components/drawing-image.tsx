import { useState } from 'react';
import { Image } from 'antd';
import './drawing-image.css';

interface DrawingImageProps {
  testId: string;
  src: string;
  alt: string;
  /** The hint shown on hover (点击放大). */
  enlarge: string;
  background?: string;
}

/**
 * A drawing (symbol, footprint) fitted into its box, opened full screen with zoom and rotation on
 * click: a tall microcontroller symbol or a 100-pin footprint is too small to read in the box.
 */
export function DrawingImage({ testId, src, alt, enlarge, background }: DrawingImageProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <img
        data-testid={testId}
        src={src}
        alt={alt}
        title={enlarge}
        role="button"
        tabIndex={0}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        style={{ width: '100%', height: 200, objectFit: 'contain', background, cursor: 'zoom-in' }}
      />
      {/* antd's preview, mounted only while open so its hidden thumbnail does not load the drawing twice. */}
      {open && (
        <Image
          src={src}
          alt={alt}
          style={{ display: 'none' }}
          classNames={{ popup: { root: 'drawing-preview' } }}
          preview={{ open, onOpenChange: setOpen, src }}
        />
      )}
    </>
  );
}
