import { contextBridge, ipcRenderer } from 'electron';
import { bridgeChannel, isMarqueeBridge, type MarqueeBridge } from '../shared/bridge.js';

// Asked synchronously over IPC rather than passed in argv, so the API key never appears on a
// process command line; the main process answers null to pages outside the app's origin.
const reply: unknown = ipcRenderer.sendSync(bridgeChannel);

if (isMarqueeBridge(reply)) {
  const marquee = {
    apiBaseUrl: reply.apiBaseUrl,
    apiKey: reply.apiKey,
    appVersion: reply.appVersion,
  } satisfies MarqueeBridge;
  contextBridge.exposeInMainWorld('marquee', Object.freeze(marquee));
}
