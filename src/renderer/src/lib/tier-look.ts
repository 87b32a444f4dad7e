/**
 * How a tier looks on the door's verdict. A steward must tell a VIP from general admission
 * across a doorway without reading: tiers whose name says they are special get a gold band and a
 * star, everyone else the plain band. Names are what the box office typed, so the words are
 * matched loosely ("VIP", "V.I.P.", "Backstage pass", "Premium seats", "Guest list").
 */
export interface TierLook {
  /** True for a tier to be told apart at a glance. */
  special: boolean;
  /** What the band says, e.g. "★ VIP lounge". */
  label: string;
}

const specialWords =
  /\b(v\.?i\.?p\.?|backstage|premium|platinum|gold|artist|guest ?list|meet ?(&|and) ?greet|all access)\b/i;

export function tierLook(tierName: string | null): TierLook | null {
  const name = tierName?.trim();
  if (!name) return null;
  const special = specialWords.test(name);
  return { special, label: special ? `★ ${name}` : name };
}
