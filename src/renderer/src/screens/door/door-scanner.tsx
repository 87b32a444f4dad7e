import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useFocusIfLost } from '../../hooks/use-focus-if-lost.js';
import { useWedgeScanner } from '../../hooks/use-wedge-scanner.js';
import { QrDebouncer } from '../../lib/qr-debounce.js';
import { notATicketHint, useDoor } from '../../stores/door-store.js';
import { occupancyOf } from '../../lib/occupancy.js';
import { clockWarning } from '../../lib/door-clock.js';
import { afterCloseMs, keyAfterVerdictClosed, verdictAnnouncement } from '../../lib/verdict-keys.js';
import { startPressAfterVerdictTap } from '../../lib/verdict-taps.js';
import { CameraView } from './camera-view.js';
import { DoorLookup } from './door-lookup.js';
import { DoorStatus } from './door-status.js';
import { DoorVerdict } from './door-verdict.js';
import { keyFocus } from './verdict-focus.js';

/** How long a verdict fills the screen before the camera view returns. */
const verdictMs = 3_000;
/** How long a verdict offering "admit the other N of this order" stays up. */
const offerMs = 12_000;

/** The paired door: camera scanning, the verdict, and the door's status. */
export function DoorScanner({
  onGesture,
  beep,
}: {
  onGesture: () => void;
  beep: (admitted: boolean) => void;
}) {
  const scan = useDoor((s) => s.scan);
  const verdict = useDoor((s) => s.verdict);
  const dismiss = useDoor((s) => s.dismissVerdict);
  const error = useDoor((s) => s.error);
  const notice = useDoor((s) => s.notice);
  const occupancy = useDoor((s) => s.occupancy);
  const level = occupancy ? occupancyOf(occupancy.inside, occupancy.capacity) : null;
  const wrongClock = clockWarning(useDoor((s) => s.clockOffsetMs));
  const [scanning, setScanning] = useState(false);
  const [typed, setTyped] = useState('');
  const debouncer = useRef(new QrDebouncer());
  const [hint, setHint] = useState<string | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  // Paired just now (the Pair button went with its form) or opened paired: the keyboard goes on
  // to where scanning starts, not to the page's body.
  const startButton = useFocusIfLost<HTMLButtonElement>();

  /**
   * Closed by a tap or a key: the focus goes back to where scanning continues (the camera, or
   * Start scanning) when it was on the verdict or nowhere; a person typing in a field keeps it.
   */
  const closedByKeyAt = useRef<number | null>(null);
  const closedByTapAt = useRef<number | null>(null);
  /** While a tap's close is that recent, Start scanning says it takes no taps (see below). */
  const [tapCloseGuard, setTapCloseGuard] = useState<number | null>(null);
  const close = useCallback(
    (byKey: boolean) => {
      const focused = document.activeElement;
      const lost = !focused || focused === document.body || focused.closest('.door-verdict') !== null;
      const now = performance.now();
      closedByKeyAt.current = byKey ? now : null;
      closedByTapAt.current = byKey ? null : now;
      setTapCloseGuard(byKey ? null : now);
      dismiss();
      if (lost) stage.current?.querySelector<HTMLElement>('.door-start, video')?.focus();
    },
    [dismiss],
  );
  // The second Enter of a quick double press, or a held Enter's repeats, would press Start
  // scanning where the focus went back: the camera would start (and ask for permission) mid-queue.
  // Listening from the start, not from the re-render after the close, so no second press slips in
  // between; a verdict up meanwhile would swallow the same presses itself.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const at = closedByKeyAt.current;
      if (at === null) return;
      const since = performance.now() - at;
      if (keyAfterVerdictClosed(event, keyFocus(event.target, null), since) === 'swallow') {
        event.preventDefault();
        event.stopPropagation();
      } else if (!event.repeat && since >= afterCloseMs) {
        // A fresh press after the moment: closing is over, the page has its keys back.
        closedByKeyAt.current = null;
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);

  useEffect(() => {
    if (tapCloseGuard === null) return;
    const timer = window.setTimeout(() => setTapCloseGuard(null), afterCloseMs);
    return () => window.clearTimeout(timer);
  }, [tapCloseGuard]);
  // The second tap of a double tap that closed the verdict lands on Start scanning beneath it.
  // Judged by when its pointer went down (startPressAfterVerdictTap); a press by Enter or Space
  // (a click with no pointer, `detail` 0) was judged by the key guard above.
  const startDownAt = useRef<number | null>(null);
  const pressStart = (event: MouseEvent<HTMLButtonElement>) => {
    const downAt = startDownAt.current;
    startDownAt.current = null;
    const tapAt = closedByTapAt.current;
    const msFromTapClose = event.detail > 0 && downAt !== null && tapAt !== null ? downAt - tapAt : null;
    if (startPressAfterVerdictTap({ msFromTapClose }) === 'swallow') return;
    onGesture();
    setScanning(true);
  };

  // One beep per verdict, even when the verdict later gains an order offer.
  const beeped = useRef(0);
  useEffect(() => {
    if (!verdict || beeped.current === verdict.seq) return;
    beeped.current = verdict.seq;
    beep(verdict.result === 'admitted');
  }, [verdict, beep]);
  // An offer to admit the rest of an order stays up long enough to be tapped.
  const verdictSeq = verdict?.seq ?? null;
  const offering = verdict?.order != null;
  useEffect(() => {
    if (verdictSeq === null) return;
    const timer = window.setTimeout(dismiss, offering ? offerMs : verdictMs);
    return () => window.clearTimeout(timer);
  }, [verdictSeq, offering, dismiss]);

  /** A pairing code or a wallet link is not recorded as a scan: the door says what it is. */
  const decide = useCallback(
    (text: string) => {
      const notATicket = notATicketHint(text);
      setHint(notATicket);
      if (!notATicket) void scan(text);
    },
    [scan],
  );

  const onText = useCallback(
    (text: string) => {
      if (debouncer.current.accept(text, Date.now())) decide(text);
    },
    [decide],
  );

  // A keyboard-wedge barcode scanner types the code and Enter wherever the focus is (a reason or
  // the guest search included). Scanners re-read a code at the pull of a trigger: as for the
  // camera, the same code is decided once, and again only after 2 s without it.
  const wedgeRepeats = useRef(new QrDebouncer());
  useWedgeScanner(
    useCallback(
      (text: string) => {
        if (wedgeRepeats.current.accept(text, Date.now())) decide(text);
      },
      [decide],
    ),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = typed.trim();
    setTyped('');
    if (text) decide(text);
  };

  return (
    <section className="door-scanner" aria-label="Door scanner">
      <DoorStatus />
      {wrongClock ? (
        <p className="door-error" role="alert" data-testid="door-clock-warning">
          {wrongClock}
        </p>
      ) : null}
      {level?.level === 'full' ? (
        <p className="door-full" role="alert" data-testid="door-capacity-alarm">
          {level.words}. Admit only with a reason: find the guest below.
        </p>
      ) : level?.level === 'warning' ? (
        <p className="door-nearly-full" role="status" data-testid="door-capacity-warning">
          {level.words}
        </p>
      ) : null}
      {/* Mounted with the scanner and only its text changed: a live region inserted together
          with its words is often not announced. A new verdict's words are a new node, so a
          second verdict worded as the first is announced too. */}
      <p className="visually-hidden" role="status" aria-live="assertive" data-testid="door-announcer">
        {verdict ? <span key={verdict.seq}>{verdictAnnouncement(verdict)}</span> : null}
      </p>
      <div className="door-stage" ref={stage}>
        {scanning ? (
          <CameraView onText={onText} label="Camera: ticket QR" className="camera-scan" />
        ) : (
          <button
            ref={startButton}
            type="button"
            className="button button-primary door-big-button door-start"
            // Looks ready; says it takes no taps just after a tap closed the verdict (assistive
            // tech, and tests, wait for it).
            aria-disabled={tapCloseGuard === null ? undefined : true}
            onPointerDown={() => {
              startDownAt.current = performance.now();
            }}
            onClick={pressStart}
          >
            Start scanning
          </button>
        )}
        {/* Keyed per verdict: each new one takes taps only once settled (door-verdict.tsx). */}
        {verdict ? <DoorVerdict key={verdict.seq} verdict={verdict} onDismiss={close} /> : null}
      </div>
      {hint ? (
        <p className="door-notice" role="status">
          {hint}
        </p>
      ) : null}
      {notice ? (
        <p className="door-notice" role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="door-error" role="alert">
          {error}
        </p>
      ) : null}
      <DoorLookup />
      <details className="door-manual">
        <summary>Type or paste a ticket code</summary>
        <form onSubmit={submit}>
          <input
            aria-label="Ticket code"
            data-scan-target
            value={typed}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="button">
            Check
          </button>
        </form>
      </details>
    </section>
  );
}
