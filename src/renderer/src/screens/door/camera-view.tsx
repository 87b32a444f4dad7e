import { useEffect, useRef, useState } from 'react';
import { cameraProblem, startCameraQr, type CameraQr } from '../../lib/camera-qr.js';

interface CameraViewProps {
  /** Called for every decoded frame; debouncing is the caller's. */
  onText: (text: string) => void;
  label: string;
  className?: string;
}

/** The live camera with a framing guide, decoding QR codes while it is mounted. */
export function CameraView({ onText, label, className }: CameraViewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const handler = useRef(onText);
  const [problem, setProblem] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>(null);

  useEffect(() => {
    handler.current = onText;
  }, [onText]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let camera: CameraQr | null = null;
    let live = true;
    startCameraQr(video, (text) => handler.current(text))
      .then((started) => {
        if (!live) started.stop();
        else {
          camera = started;
          setSize(`${video.videoWidth}×${video.videoHeight}`);
        }
      })
      .catch((err: unknown) => {
        if (live) setProblem(cameraProblem(err));
      });
    return () => {
      live = false;
      camera?.stop();
    };
  }, []);

  return (
    <div className={`camera ${className ?? ''}`}>
      {/* Focusable from code: the door puts the focus back here when a verdict closes. */}
      <video ref={videoRef} aria-label={label} data-camera-size={size ?? ''} tabIndex={-1} />
      <div className="camera-frame" aria-hidden="true" />
      {problem ? (
        <p className="camera-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
