import { AppError } from '@cred/runtime';
import type { OrganizationStatus } from './model.js';

export type AdminAction = 'approve' | 'suspend' | 'reinstate';

/**
 * The organization status machine for platform operators. Repeating the action that led to the
 * current state is a no-op (returns undefined); any other move outside the table is a CONFLICT.
 *
 *   pending_approval --approve--> approved --suspend--> suspended --reinstate--> approved
 *   pending_approval --suspend--> suspended
 */
export function nextStatus(current: OrganizationStatus, action: AdminAction): OrganizationStatus | undefined {
  switch (action) {
    case 'approve':
      if (current === 'pending_approval') return 'approved';
      if (current === 'approved') return undefined;
      throw AppError.conflict('A suspended organization is reinstated, not approved', { status: current });
    case 'suspend':
      if (current === 'suspended') return undefined;
      return 'suspended';
    case 'reinstate':
      if (current === 'suspended') return 'approved';
      if (current === 'approved') return undefined;
      throw AppError.conflict('Only a suspended organization can be reinstated', { status: current });
  }
}
