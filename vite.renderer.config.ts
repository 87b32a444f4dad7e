import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * The UI is always served by the venue server at `/` (to Electron over loopback and to browsers on
 * the LAN), so one absolute-base build in out/renderer serves both. electron-vite reuses this.
 */
export const rendererConfig = {
  root: fromRoot('./src/renderer'),
  base: '/',
  plugins: [react()],
  build: {
    outDir: fromRoot('./out/renderer'),
    emptyOutDir: true,
    minify: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
} satisfies UserConfig;

export default defineConfig(rendererConfig);
