/**
 * Public URLs (`url`, `wallet_url`). The base is MARQUEE_BASE_URL, or the listening URL, which is
 * known only once the server listens, so it can be set after construction.
 */
export class PublicUrls {
  constructor(private baseUrl: string) {}

  get base(): string {
    return this.baseUrl;
  }

  setBase(url: string): void {
    this.baseUrl = url.replace(/\/+$/, '');
  }

  eventPage(eventId: string): string {
    return `${this.baseUrl}/e/${eventId}`;
  }

  tierLink(eventId: string, tierId: string): string {
    return `${this.baseUrl}/e/${eventId}?tier=${tierId}`;
  }

  walletPage(secret: string): string {
    return `${this.baseUrl}/w/${secret}`;
  }
}
