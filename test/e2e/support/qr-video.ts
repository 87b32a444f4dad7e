import { closeSync, openSync, writeSync } from 'node:fs';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/** A stretch of the fake camera's video: a QR code with `text`, or an empty view (null). */
export interface VideoScene {
  text: string | null;
  seconds: number;
}

export interface VideoOptions {
  width?: number;
  height?: number;
  fps?: number;
  /** Pixel width of the QR code in the frame. */
  qrSize?: number;
}

/**
 * Writes a Y4M video (what Chromium's `--use-file-for-fake-video-capture` plays, looping) of QR
 * codes, without ffmpeg: Y4M is a one-line header and raw YUV 4:2:0 frames. The QR is drawn by
 * the `qrcode` package, as the UI draws it, and read back through pngjs. Grey only: U and V stay
 * at 128.
 */
export async function writeQrVideo(
  path: string,
  scenes: readonly VideoScene[],
  options: VideoOptions = {},
): Promise<void> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const fps = options.fps ?? 10;
  const qrSize = options.qrSize ?? 420;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
    for (const scene of scenes) {
      const luma =
        scene.text === null ? emptyView(width, height) : await qrFrame(scene.text, width, height, qrSize);
      const frames = Math.max(1, Math.round(scene.seconds * fps));
      for (let i = 0; i < frames; i++) {
        writeSync(fd, 'FRAME\n');
        writeSync(fd, luma);
        writeSync(fd, chroma);
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** A plain mid-grey wall: nothing to decode. */
function emptyView(width: number, height: number): Buffer {
  return Buffer.alloc(width * height, 150);
}

/** The QR code centred on a light background, as luma (BT.601, full range as C420jpeg wants). */
async function qrFrame(text: string, width: number, height: number, qrSize: number): Promise<Buffer> {
  const png = PNG.sync.read(
    await QRCode.toBuffer(text, { width: qrSize, margin: 4, errorCorrectionLevel: 'M' }),
  );
  const luma = Buffer.alloc(width * height, 235);
  const left = Math.floor((width - png.width) / 2);
  const top = Math.floor((height - png.height) / 2);
  for (let y = 0; y < png.height; y++) {
    const row = top + y;
    if (row < 0 || row >= height) continue;
    for (let x = 0; x < png.width; x++) {
      const col = left + x;
      if (col < 0 || col >= width) continue;
      const i = (y * png.width + x) * 4;
      const value = 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
      luma[row * width + col] = Math.round(value);
    }
  }
  return luma;
}
