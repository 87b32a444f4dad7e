import { app, BrowserWindow, dialog, ipcMain, session } from 'electron';
import { fileURLToPath } from 'node:url';
import { startServer } from '../server/start.js';
import { bridgeChannel, type MarqueeBridge } from '../shared/bridge.js';
import { appUrls, type AppUrls } from './app-urls.js';
import { readDesktopApiKey, serverOptionsForDesktop } from './desktop-config.js';
import { quitGracefully } from './graceful-quit.js';
import { hardenSession, hardenWebContents, isTrustedCertificate, isTrustedSender } from './security.js';
import { boxOfficeWindowOptions } from './window-options.js';

// Built next to out/main; CommonJS because sandboxed preloads cannot be ES modules.
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));

let boxOffice: BrowserWindow | null = null;

function openBoxOffice(pageUrl: string): void {
  const win = new BrowserWindow(boxOfficeWindowOptions(preloadPath));
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    if (boxOffice === win) boxOffice = null;
  });
  boxOffice = win;
  void win.loadURL(pageUrl);
}

function focusBoxOffice(): void {
  if (!boxOffice) return;
  if (boxOffice.isMinimized()) boxOffice.restore();
  boxOffice.focus();
}

function installSecurity(urls: AppUrls, bridge: MarqueeBridge): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, urls.appOrigin));
  hardenSession(session.defaultSession, urls.appOrigin);
  app.on('certificate-error', (event, _contents, url, _error, _certificate, callback) => {
    const trusted = isTrustedCertificate(urls.apiOrigin, url);
    if (trusted) event.preventDefault();
    callback(trusted);
  });
  // Synchronous so the sandboxed preload can expose a plain object before any page script runs.
  ipcMain.on(bridgeChannel, (event) => {
    event.returnValue = isTrustedSender(urls.appOrigin, event.senderFrame?.url) ? bridge : null;
  });
}

async function main(): Promise<void> {
  await app.whenReady();
  let urls: AppUrls;
  let bridge: MarqueeBridge;
  try {
    const options = serverOptionsForDesktop(app.getPath('userData'), process.env);
    const running = await startServer(options);
    quitGracefully(app, () => running.close());
    urls = appUrls(running.url, options.host, process.env, app.isPackaged);
    bridge = {
      apiBaseUrl: urls.apiOrigin,
      apiKey: readDesktopApiKey(options.dataDir, options.adminKey),
      appVersion: app.getVersion(),
    };
  } catch (error) {
    // Typically a busy port or a bad MARQUEE_* value: say so instead of showing an empty window.
    dialog.showErrorBox('Marquee could not start its venue server', String(error));
    app.exit(1);
    return;
  }
  installSecurity(urls, bridge);
  openBoxOffice(urls.pageUrl);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openBoxOffice(urls.pageUrl);
  });
}

// One server per data dir and port: a second launch just brings the running till to the front.
if (app.requestSingleInstanceLock()) {
  app.on('second-instance', focusBoxOffice);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Route terminal and service-manager stops through the same graceful quit as the window.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
  main().catch((error: unknown) => {
    console.error(error);
    app.exit(1);
  });
} else {
  app.quit();
}
