// Original file: credentials/verification/v1/verification.proto

import type { AnalyticsRow as _credentials_verification_v1_AnalyticsRow, AnalyticsRow__Output as _credentials_verification_v1_AnalyticsRow__Output } from '../../../credentials/verification/v1/AnalyticsRow';

export interface GetAnalyticsResponse {
  'rows'?: (_credentials_verification_v1_AnalyticsRow)[];
}

export interface GetAnalyticsResponse__Output {
  'rows': (_credentials_verification_v1_AnalyticsRow__Output)[];
}
