import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * React in a chunk of its own: its hash survives an app update, so tablets and phones on the venue
 * Wi-Fi re-fetch only the app's own code, and no chunk passes vite's 500 kB warning. The door's
 * decoder and signing libraries stay in the door's lazy chunk (only /door devices load them).
 */
function chunkOf(id: string): string | undefined {
  return /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) ? 'react' : undefined;
}

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
    rollupOptions: { output: { manualChunks: chunkOf } },
  },
} satisfies UserConfig;

export default defineConfig(rendererConfig);
