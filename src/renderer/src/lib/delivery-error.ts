/** Socket and DNS codes in the words staff use. */
const causes: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening there',
  ECONNRESET: 'the connection was cut',
  ETIMEDOUT: 'no answer in time',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'no network route (is the venue offline?)',
  ENOTFOUND: 'the name does not exist',
  EAI_AGAIN: 'the name could not be looked up (is the venue offline?)',
};

/**
 * A delivery's last error for the delivery log. "offline: …" comes from a probe that never reached
 * the receiver: the contract does not count those as attempts, which is why such a row shows
 * Attempts 0 next to an error; saying so stops that looking like a contradiction.
 */
export function deliveryErrorText(error: string): string {
  const offline = /^offline: (.*)$/s.exec(error);
  if (!offline) return error;
  const detail = offline[1] ?? '';
  const code = /\b(E[A-Z_]+)\b/.exec(detail)?.[1];
  const cause = code ? causes[code] : undefined;
  return `Receiver unreachable${cause ? `: ${cause}` : ''} (not counted as an attempt). ${detail}`.trim();
}
