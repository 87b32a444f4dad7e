import jsQR from 'jsqr';

export interface CameraQrOptions {
  /** Decode attempts per second; ~10 keeps a phone cool and still feels instant. */
  fps?: number;
  /** Frames are scaled down so their longer side is at most this many pixels before decoding. */
  maxSide?: number;
}

export interface CameraQr {
  stop(): void;
  /** The camera's frame size, for the status line. */
  readonly width: number;
  readonly height: number;
}

/** Why the camera could not start, in words a door attendant can act on. */
export function cameraProblem(err: unknown): string {
  const name = err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera permission was refused. Allow the camera for this site in the browser settings, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera found on this device.';
  if (name === 'NotReadableError') return 'The camera is in use by another app.';
  if (!navigator.mediaDevices?.getUserMedia)
    return 'This browser cannot use the camera here (it needs HTTPS or localhost).';
  return `The camera could not start: ${err instanceof Error ? err.message : String(err)}`;
}

/**
 * Plays the back camera into `video` and decodes QR codes from its frames via a canvas (jsQR),
 * calling `onText` for every frame that holds one. Repeats are the caller's to debounce.
 */
export async function startCameraQr(
  video: HTMLVideoElement,
  onText: (text: string) => void,
  options: CameraQrOptions = {},
): Promise<CameraQr> {
  const intervalMs = 1000 / (options.fps ?? 10);
  const maxSide = options.maxSide ?? 800;
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();

  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let stopped = false;
  let timer = 0;

  const tick = () => {
    if (stopped) return;
    const started = performance.now();
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (context && w > 0 && h > 0) {
      const scale = Math.min(1, maxSide / Math.max(w, h));
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      // Phone screens show dark-on-light codes; skipping the inverted pass halves the work.
      const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
      if (code?.data) onText(code.data);
    }
    // The next attempt is timed from this one's start, so a slow decode does not pile up.
    timer = window.setTimeout(tick, Math.max(10, intervalMs - (performance.now() - started)));
  };
  timer = window.setTimeout(tick, 0);

  return {
    width: video.videoWidth,
    height: video.videoHeight,
    stop() {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}
