import { app, BrowserWindow, dialog, ipcMain, session } from 'electron';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ServerOptions } from '../server/config.js';
import { tolerateClosedStdio } from '../server/logging/log-destination.js';
import { startServer } from '../server/start.js';
import { bridgeChannel, type MarqueeBridge } from '../shared/bridge.js';
import { appUrls, devServerOrigin, type AppUrls } from './app-urls.js';
import { bridgeAnswer, joinedBridges, type Bridges } from './bridge-answer.js';
import { loopbackPortFor, readDesktopApiKey, serverOptionsForDesktop } from './desktop-config.js';
import { hasVenueStore, planStartup } from './first-run.js';
import { startFirstRunScreen, type FirstRunChoice } from './first-run-server.js';
import { quitGracefully } from './graceful-quit.js';
import { ensureKioskKey } from './kiosk-key.js';
import { quitsWhenWindowsClose, type ShellMode } from './quit-policy.js';
import {
  hardenSession,
  hardenWebContents,
  isTrustedCertificate,
  pinCertificate,
  type CertificatePin,
} from './security.js';
import { HostStatusReader, terminalSnapshot } from './server-snapshot.js';
import { checkStoreBinding, locateStoreBinding } from './store-binding.js';
import { startFailureLine } from './start-failure.js';
import { readTerminalConfig, type TerminalConfig } from './terminal-config.js';
import { startTray, type RunningTray } from './tray.js';
import type { ServerSnapshot } from './tray-status.js';
import type { WindowRole } from './window-options.js';
import { AppWindows } from './windows.js';

// Built next to out/main; CommonJS because sandboxed preloads cannot be ES modules.
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const windows = new AppWindows(preloadPath);

/** What windows may show and receive. Empty until this till knows whether it hosts or joined. */
const shell: {
  mode: ShellMode;
  appOrigin: string;
  bridges: Bridges | null;
  pin: CertificatePin | null;
  trayShown: boolean;
} = { mode: 'first-run', appOrigin: '', bridges: null, pin: null, trayShown: false };

/** Either way the shell ends up with the same things: where the UI is, what it gets, what to watch. */
interface Started {
  mode: 'host' | 'terminal';
  urls: AppUrls;
  bridges: Bridges;
  pin: CertificatePin | null;
  status: () => ServerSnapshot | Promise<ServerSnapshot>;
  close: () => Promise<void>;
}

function installSecurity(): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, () => shell.appOrigin));
  hardenSession(session.defaultSession, () => shell.appOrigin);
  pinCertificate(session.defaultSession, () => shell.pin);
  app.on('certificate-error', (event, _contents, url, _error, certificate, callback) => {
    const trusted = isTrustedCertificate(shell.pin, url, certificate.fingerprint);
    if (trusted) event.preventDefault();
    callback(trusted);
  });
  // Synchronous so the sandboxed preload can expose a plain object before any page script runs.
  ipcMain.on(bridgeChannel, (event) => {
    const role = windows.roleOf(event.sender.id);
    try {
      event.returnValue = bridgeAnswer(shell.bridges, shell.appOrigin, event.senderFrame?.url, role);
    } catch (error) {
      // A sync IPC answer must always be set, or the page's preload waits for ever.
      console.error('bridge:', error);
      event.returnValue = null;
    }
  });
}

const bridgeWith = (apiBaseUrl: string, apiKey: string): MarqueeBridge => ({
  apiBaseUrl,
  apiKey,
  appVersion: app.getVersion(),
});

/** Host or join: decided by what is on disk, or by staff on the first-run screen. */
async function chooseRole(options: ServerOptions, userData: string): Promise<FirstRunChoice> {
  const plan = planStartup({
    venueStoreExists: hasVenueStore(options.dataDir),
    terminal: readTerminalConfig(userData),
    env: process.env,
  });
  if (plan.kind !== 'ask') return plan;
  const screen = await startFirstRunScreen({
    browse: plan.browse,
    userDataDir: userData,
    hostname: hostname(),
  });
  shell.appOrigin = new URL(screen.url).origin;
  const win = windows.openFirstRun(screen.url);
  try {
    return await screen.choice;
  } finally {
    shell.appOrigin = '';
    await screen.close();
    // Closed once the next window exists, so "all windows closed" never fires in between.
    setTimeout(() => win.close(), 1_500);
  }
}

async function hostVenue(options: ServerOptions): Promise<Started> {
  // Checked before the server opens the store: a binding Electron cannot load becomes one line.
  const binding = checkStoreBinding(locateStoreBinding(), { packaged: app.isPackaged });
  if (!binding.ok) throw new Error(binding.line);
  const devOrigin = devServerOrigin(process.env, app.isPackaged);
  const serverOptions = { ...options, storeBinding: binding.file, ...(devOrigin ? { devOrigin } : {}) };
  const running = await startServer(serverOptions, undefined, {
    loopbackPort: loopbackPortFor(options, process.env),
  });
  try {
    // The windows use the loopback listener: no certificate to trust, and immune to LAN changes.
    const urls = appUrls(running.loopbackUrl ?? running.url, process.env, app.isPackaged);
    const reader = new HostStatusReader(running.desktop, running.url);
    let kiosk: MarqueeBridge | undefined;
    return {
      mode: 'host',
      urls,
      bridges: {
        staff: bridgeWith(urls.apiOrigin, readDesktopApiKey(options.dataDir, options.adminKey)),
        kiosk: () =>
          (kiosk ??= bridgeWith(urls.apiOrigin, ensureKioskKey(running.desktop.keys, options.dataDir))),
      },
      pin: null,
      status: () => reader.read(),
      close: () => running.close(),
    };
  } catch (error) {
    await running.close();
    throw error;
  }
}

/** A till that joined: no local store; the remote venue server's UI, this till's own key, its pin. */
function joinedVenue(config: TerminalConfig): Started {
  const urls = appUrls(config.baseUrl, process.env, app.isPackaged);
  const bridge = bridgeWith(urls.apiOrigin, config.apiKey);
  return {
    mode: 'terminal',
    urls,
    bridges: joinedBridges(bridge),
    pin: config.fingerprint ? { origin: config.baseUrl, fingerprint: config.fingerprint } : null,
    status: () => terminalSnapshot(config),
    close: async () => undefined,
  };
}

function showTray(started: Started, open: (role: WindowRole) => void): RunningTray | null {
  try {
    return startTray({
      read: started.status,
      actions: {
        'open-box-office': () => open('box-office'),
        'open-kiosk': () => open('kiosk'),
        'open-monitor': () => open('monitor'),
        quit: () => app.quit(),
      },
    });
  } catch (error) {
    // Some Linux desktops have no tray: the app still works, and then quits with its window.
    console.error('tray unavailable:', error);
    return null;
  }
}

async function main(): Promise<void> {
  await app.whenReady();
  installSecurity();
  let started: Started;
  try {
    const userData = app.getPath('userData');
    const options = serverOptionsForDesktop(userData, process.env);
    const choice = await chooseRole(options, userData);
    started = choice.kind === 'host' ? await hostVenue(options) : joinedVenue(choice.config);
  } catch (error) {
    // Typically a busy port, a data folder another Marquee uses, a bad MARQUEE_* value or a store
    // binding that cannot load: say so in one line (on stderr too, for whoever started it from a
    // terminal) instead of an empty window.
    const line = startFailureLine(error);
    console.error(line);
    dialog.showErrorBox('Marquee could not start', line);
    app.exit(1);
    return;
  }
  let tray: RunningTray | null = null;
  quitGracefully(app, async () => {
    tray?.stop();
    await started.close();
  });
  Object.assign(shell, {
    mode: started.mode,
    appOrigin: started.urls.appOrigin,
    bridges: started.bridges,
    pin: started.pin,
  });
  const open = (role: WindowRole): void => void windows.show(role, started.urls.pageUrl);
  open('box-office');
  tray = showTray(started, open);
  shell.trayShown = tray !== null;
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open('box-office');
  });
}

// Started from a terminal that then closed, or piped into `head`: a closed stdout must not kill the
// till. The server's log (pino, redacted, never blocking) goes to the same stdout.
tolerateClosedStdio();

// One desktop app per user-data folder: a second launch just brings the running till to the front. (A server
// of any kind on the same data dir is refused by the data dir's lock, src/server/data-dir-lock.ts.)
if (app.requestSingleInstanceLock()) {
  app.on('second-instance', () => windows.focusAny());
  app.on('window-all-closed', () => {
    if (quitsWhenWindowsClose(shell.mode, shell.trayShown, process.platform)) app.quit();
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
