import type { Knex } from '@cred/db';
import { AppError, type Clock, type Logger } from '@cred/runtime';
import { providerEventStore } from '../db/provider-event-store.js';
import { SignatureError, type BillingChange, type PaymentProviderAdapter } from '../providers/provider-adapter.js';

/** What billing needs of accounts (its gRPC client; an interface so the use case stays transport-free). */
export interface AccountsPort {
  setSubscription(organizationId: string, plan: string, subscriptionStatus: string): Promise<void>;
  setPlan(organizationId: string, plan: string): Promise<void>;
}

export interface WebhookResult {
  handled: boolean;
  duplicate: boolean;
  eventType: string;
}

export interface HandleWebhookDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  adapters: ReadonlyMap<string, PaymentProviderAdapter>;
  accounts: AccountsPort;
}

/**
 * One provider webhook delivery:
 *
 * 1. The adapter verifies the signature over the raw bytes (bad or stale: VALIDATION_ERROR,
 *    nothing is written).
 * 2. In one transaction: claim the event id in `provider_events` (a duplicate stops here),
 *    lock the organization's watermarks, call accounts (SetSubscription / SetPlan) for the
 *    fields this event is the newest for, then commit.
 *
 * The event is recorded as processed only if accounts succeeded: an accounts failure rolls the
 * claim back and answers UNAVAILABLE, so the provider retries the delivery. If accounts applied
 * the change but our commit then fails, the retry applies it again, which is harmless: the
 * calls set absolute values (no increments), so repeating one changes nothing.
 */
export async function handleProviderWebhook(deps: HandleWebhookDeps, provider: string, rawBody: Buffer, signatureHeader: string): Promise<WebhookResult> {
  const adapter = deps.adapters.get(provider);
  if (!adapter) throw AppError.notFound('Unknown payment provider');
  let event;
  try {
    event = adapter.verify(rawBody, signatureHeader, deps.clock.now());
  } catch (err) {
    if (err instanceof SignatureError) {
      deps.logger.warn({ provider, reason: err.message }, 'provider webhook refused');
      throw AppError.validation('Stripe-Signature', 'Invalid or stale webhook signature');
    }
    throw err;
  }
  const meaning = adapter.interpret(event);
  if (meaning.kind === 'unhandled') return { handled: false, duplicate: false, eventType: event.type };

  const log = deps.logger.child({ provider, providerEventId: event.id, type: event.type });
  return deps.db.transaction(async (trx) => {
    const fresh = await providerEventStore.claim(trx, { provider, eventId: event.id, eventType: event.type, createdAt: event.createdAt, now: deps.clock.now() });
    if (!fresh) {
      log.info('duplicate provider event; nothing re-applied');
      return { handled: true, duplicate: true, eventType: event.type };
    }
    if (meaning.kind === 'ignored') {
      await providerEventStore.setOutcome(trx, provider, event.id, null, `ignored: ${meaning.reason}`);
      log.warn({ reason: meaning.reason }, 'provider event names nothing to change');
      return { handled: false, duplicate: false, eventType: event.type };
    }
    const outcome = await apply(deps, trx, meaning.change, event.createdAt);
    await providerEventStore.setOutcome(trx, provider, event.id, meaning.change.organizationId, outcome);
    log.info({ organizationId: meaning.change.organizationId, outcome }, 'provider event processed');
    return { handled: true, duplicate: false, eventType: event.type };
  });
}

async function apply(deps: HandleWebhookDeps, trx: Knex.Transaction, change: BillingChange, createdAt: Date): Promise<string> {
  const marks = await providerEventStore.lockWatermarks(trx, change.organizationId);
  const t = createdAt.getTime();
  // >= : events of the same second are applied in arrival order.
  const plan = change.plan !== undefined && t >= marks.planEventCreatedAt.getTime() ? change.plan : undefined;
  const status = t >= marks.statusEventCreatedAt.getTime() ? change.subscriptionStatus : undefined;
  if (plan === undefined && status === undefined) return 'stale';
  try {
    if (status !== undefined) await deps.accounts.setSubscription(change.organizationId, plan ?? '', status);
    else await deps.accounts.setPlan(change.organizationId, plan!);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return 'unknown organization';
    // Rolls back the claim: the provider's retry applies it later.
    throw new AppError('UNAVAILABLE', 'Could not apply the billing change; retry later', {}, { cause: err });
  }
  await providerEventStore.saveWatermarks(trx, change.organizationId, {
    planEventCreatedAt: plan !== undefined ? createdAt : marks.planEventCreatedAt,
    statusEventCreatedAt: status !== undefined ? createdAt : marks.statusEventCreatedAt,
  });
  return plan !== undefined && status !== undefined ? 'applied' : plan !== undefined ? 'applied (plan only; status is newer)' : 'applied (status only)';
}
