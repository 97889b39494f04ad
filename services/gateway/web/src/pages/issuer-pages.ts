import type { PageComponent } from '../app.js';
import type { PageName } from '../routes.js';
import { AnalyticsPage } from './issuer/analytics.js';
import { BadgeEditPage, BadgesPage } from './issuer/badges.js';
import { BulkJobPage, BulkPage } from './issuer/bulk.js';
import { CredentialDetailPage, CredentialsPage } from './issuer/credentials.js';
import { IssuePage } from './issuer/issue.js';

/** Badges, issuing (single and bulk), credentials and analytics of an organization. */
export const issuerPages: Partial<Record<PageName, PageComponent>> = {
  badges: BadgesPage,
  badgeNew: BadgeEditPage,
  badgeEdit: BadgeEditPage,
  issue: IssuePage,
  bulk: BulkPage,
  bulkJob: BulkJobPage,
  credentials: CredentialsPage,
  credentialDetail: CredentialDetailPage,
  analytics: AnalyticsPage,
};
