import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

interface QrImageProps {
  text: string;
  /** Pixel size of the image; print CSS may scale it. */
  size?: number;
  label: string;
  className?: string;
  /** Called once the image is in the page and decoded (printing must wait for it). */
  onDrawn?: () => void;
}

/** A QR code drawn in the browser (no server round trip, works offline). */
export function QrImage({ text, size = 192, label, className, onDrawn }: QrImageProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { margin: 1, width: size, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [text, size]);
  if (!src)
    return <div className={`qr qr-pending ${className ?? ''}`} style={{ width: size, height: size }} />;
  return (
    <img
      className={`qr ${className ?? ''}`}
      src={src}
      width={size}
      height={size}
      alt={label}
      data-qr={text}
      onLoad={onDrawn}
    />
  );
}
