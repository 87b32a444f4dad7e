/**
 * Used by tsconfig.node.json only when the `electron` package is absent: npm skips that optional
 * dependency on Node < 22.12, which would otherwise leave src/main and src/preload untypeable.
 * Where Electron is installed its own electron.d.ts wins (the path mapping tries it first), so a
 * signature here must stay a faithful subset of Electron's. Add to it as the shell grows.
 */

type ElectronEvent<Params extends object = object> = { preventDefault(): void } & Params;

type PermissionName = string;

export interface WebPreferences {
  preload?: string;
  contextIsolation?: boolean;
  nodeIntegration?: boolean;
  sandbox?: boolean;
  webSecurity?: boolean;
  allowRunningInsecureContent?: boolean;
  webviewTag?: boolean;
  navigateOnDragDrop?: boolean;
  spellcheck?: boolean;
  additionalArguments?: string[];
  devTools?: boolean;
}

export interface Input {
  type: string;
  key: string;
  code: string;
  isAutoRepeat: boolean;
  isComposing: boolean;
  shift: boolean;
  control: boolean;
  alt: boolean;
  meta: boolean;
  location: number;
  modifiers: string[];
}

export interface BrowserWindowConstructorOptions {
  width?: number;
  height?: number;
  minWidth?: number;
  minHeight?: number;
  show?: boolean;
  title?: string;
  autoHideMenuBar?: boolean;
  backgroundColor?: string;
  kiosk?: boolean;
  fullscreen?: boolean;
  webPreferences?: WebPreferences;
}

export interface WindowOpenHandlerResponse {
  action: 'allow' | 'deny';
}

export interface WebContents {
  readonly id: number;
  getURL(): string;
  closeDevTools(): void;
  setWindowOpenHandler(handler: (details: { url: string }) => WindowOpenHandlerResponse): void;
  on(
    event: 'will-navigate',
    listener: (event: ElectronEvent<{ url: string; isMainFrame: boolean }>) => void,
  ): this;
  on(
    event: 'will-redirect',
    listener: (event: ElectronEvent<{ url: string; isMainFrame: boolean }>) => void,
  ): this;
  on(
    event: 'will-frame-navigate',
    listener: (event: ElectronEvent<{ url: string; isMainFrame: boolean; isSameDocument: boolean }>) => void,
  ): this;
  on(
    event: 'will-attach-webview',
    listener: (event: ElectronEvent, webPreferences: WebPreferences) => void,
  ): this;
  on(event: 'before-input-event', listener: (event: ElectronEvent, input: Input) => void): this;
  on(event: 'devtools-opened', listener: () => void): this;
}

export interface PermissionRequest {
  isMainFrame: boolean;
  requestingUrl: string;
}

export interface MediaAccessPermissionRequest extends PermissionRequest {
  mediaTypes?: Array<'video' | 'audio'>;
  securityOrigin?: string;
}

export interface PermissionCheckHandlerHandlerDetails {
  securityOrigin?: string;
  mediaType?: 'video' | 'audio' | 'unknown';
  requestingUrl?: string;
  isMainFrame: boolean;
}

export interface Request {
  hostname: string;
  certificate: Certificate;
  validatedCertificate: Certificate;
  isIssuedByKnownRoot: boolean;
  verificationResult: string;
  errorCode: number;
}

export interface Session {
  setCertificateVerifyProc(
    proc: ((request: Request, callback: (verificationResult: number) => void) => void) | null,
  ): void;
  setPermissionRequestHandler(
    handler:
      | ((
          webContents: WebContents,
          permission: PermissionName,
          callback: (permissionGranted: boolean) => void,
          details: PermissionRequest | MediaAccessPermissionRequest,
        ) => void)
      | null,
  ): void;
  setPermissionCheckHandler(
    handler:
      | ((
          webContents: WebContents | null,
          permission: PermissionName,
          requestingOrigin: string,
          details: PermissionCheckHandlerHandlerDetails,
        ) => boolean)
      | null,
  ): void;
}

export interface Certificate {
  /** `sha256/<base64>` of the DER certificate. */
  fingerprint: string;
}

export interface App {
  readonly isPackaged: boolean;
  whenReady(): Promise<void>;
  getPath(name: 'home' | 'appData' | 'userData' | 'sessionData' | 'temp' | 'logs'): string;
  getVersion(): string;
  requestSingleInstanceLock(): boolean;
  quit(): void;
  exit(exitCode?: number): void;
  on(event: 'before-quit', listener: (event: ElectronEvent) => void): this;
  on(event: 'window-all-closed', listener: () => void): this;
  on(event: 'second-instance', listener: (event: ElectronEvent, argv: string[]) => void): this;
  on(event: 'activate', listener: (event: ElectronEvent, hasVisibleWindows: boolean) => void): this;
  on(event: 'web-contents-created', listener: (event: ElectronEvent, webContents: WebContents) => void): this;
  on(
    event: 'certificate-error',
    listener: (
      event: ElectronEvent,
      webContents: WebContents,
      url: string,
      error: string,
      certificate: Certificate,
      callback: (isTrusted: boolean) => void,
      isMainFrame: boolean,
    ) => void,
  ): this;
}

export class BrowserWindow {
  constructor(options?: BrowserWindowConstructorOptions);
  static getAllWindows(): BrowserWindow[];
  readonly webContents: WebContents;
  loadURL(url: string): Promise<void>;
  show(): void;
  focus(): void;
  isMinimized(): boolean;
  restore(): void;
  close(): void;
  removeMenu(): void;
  once(event: 'ready-to-show', listener: () => void): this;
  on(event: 'closed', listener: () => void): this;
}

export interface IpcMainEvent extends ElectronEvent {
  returnValue: unknown;
  sender: WebContents;
  readonly senderFrame: { readonly url: string } | null;
}

export interface CreateFromBufferOptions {
  width?: number;
  height?: number;
  scaleFactor?: number;
}

export class NativeImage {
  static createFromBuffer(buffer: Buffer, options?: CreateFromBufferOptions): NativeImage;
  isEmpty(): boolean;
}

export interface MenuItemConstructorOptions {
  click?: (menuItem: unknown, window: unknown, event: unknown) => void;
  type?: 'normal' | 'separator' | 'submenu' | 'checkbox' | 'radio' | 'header' | 'palette';
  label?: string;
  enabled?: boolean;
  visible?: boolean;
  id?: string;
  submenu?: MenuItemConstructorOptions[] | Menu;
}

export class Menu {
  static buildFromTemplate(template: MenuItemConstructorOptions[]): Menu;
}

export class Tray {
  constructor(image: NativeImage | string, guid?: string);
  setImage(image: NativeImage | string): void;
  setToolTip(toolTip: string): void;
  setContextMenu(menu: Menu | null): void;
  destroy(): void;
}

export const app: App;
export const nativeImage: typeof NativeImage;
export const dialog: { showErrorBox(title: string, content: string): void };
export const ipcMain: {
  on(channel: string, listener: (event: IpcMainEvent, ...args: unknown[]) => void): unknown;
};
export const session: { readonly defaultSession: Session };
export const contextBridge: { exposeInMainWorld(apiKey: string, api: unknown): void };
export const ipcRenderer: { sendSync(channel: string, ...args: unknown[]): unknown };
