/**
 * When this process last started an issue for a client (an API key or a person in the web app,
 * both through the IssueCredential call), so that the bulk worker can step aside while clients
 * are issuing (BulkWorker: "Beside clients"). Monotonic time, so a clock set in tests or by NTP
 * does not matter.
 */
export class ClientIssues {
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A client's issue starts now. */
  started(): void {
    this.lastAt = this.now();
  }

  /** Whether a client's issue started within the last `ms` milliseconds. */
  within(ms: number): boolean {
    return this.now() - this.lastAt < ms;
  }
}
