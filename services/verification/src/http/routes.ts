import type { VerificationContext } from '../app/context.js';
import { achievementRoute } from './achievement-route.js';
import { bakedRoute } from './baked-route.js';
import { credentialOb3Route } from './credential-ob3-route.js';
import { didJsonRoute } from './did-json-route.js';
import { issuerProfileRoute } from './issuer-profile-route.js';
import { statusListRoute } from './status-list-route.js';
import { badgeImageRoute, badgePageRoute } from './pages/badge-page.js';
import { claimPageRoute } from './pages/claim-page.js';
import { lookupPageRoute } from './pages/lookup-page.js';
import { verifyPageRoute } from './pages/verify-page.js';
import type { Route } from './respond.js';
import { verifyBakedRoute, verifyCredentialRoute } from './submit-routes.js';
import { verifyRoute } from './verify-route.js';

/**
 * Every route of the public HTTP server (public-server.ts), also read by the gateway's OpenAPI
 * coverage test. Order matters only where patterns overlap: the POST routes come before
 * GET /api/verify/{id}.
 */
export const PUBLIC_ROUTES: ReadonlyArray<Route<VerificationContext>> = [
  verifyCredentialRoute,
  verifyBakedRoute,
  verifyRoute,
  bakedRoute,
  credentialOb3Route,
  didJsonRoute,
  statusListRoute,
  issuerProfileRoute,
  achievementRoute,
  verifyPageRoute,
  lookupPageRoute,
  claimPageRoute,
  badgeImageRoute,
  badgePageRoute,
];
