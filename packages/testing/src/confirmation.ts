import pg from 'pg';
import { waitFor } from './wait.js';

/**
 * The token of the newest address-confirmation link accounts made for `userId`, read from the
 * event that carries it to the e-mail (accounts' outbox), for tests and benchmarks that run no
 * mail server. End-to-end tests read the e-mail itself instead.
 */
export async function confirmationToken(databaseUrl: string, userId: string): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await waitFor(`confirmation link for ${userId}`, async () => {
      const r = await db.query(
        "select payload from accounts.outbox where type = 'accounts.user.email_verification_requested' and payload->'data'->>'userId' = $1 order by created_at desc limit 1",
        [userId],
      );
      const url = (r.rows[0] as { payload?: { data?: { verificationUrl?: string } } } | undefined)?.payload?.data?.verificationUrl;
      return url ? (new URL(url).searchParams.get('token') ?? undefined) : undefined;
    });
  } finally {
    await db.end();
  }
}
