/**
 * Which IP addresses the verifier may connect to for hosts that are NOT in
 * VERIFIER_ALLOWED_HOSTS: the platform's one outbound address policy (@cred/runtime,
 * address-policy.ts; docs/decisions.md "Outbound addresses"), shared with webhook deliveries.
 */
export { classifyAddress, sameAddress } from '@cred/runtime';
