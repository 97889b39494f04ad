import type { PageComponent } from '../app.js';
import type { PageName } from '../routes.js';

/** Badges, issuing (single and bulk), credentials and analytics of an organization. */
export const issuerPages: Partial<Record<PageName, PageComponent>> = {};
