// Original file: credentials/verification/v1/verification.proto

import type { Long } from '@grpc/proto-loader';

export interface AnalyticsRow {
  'day'?: (string);
  'channel'?: (string);
  'badge_id'?: (string);
  'outcome'?: (string);
  'count'?: (number | string | Long);
}

export interface AnalyticsRow__Output {
  'day': (string);
  'channel': (string);
  'badge_id': (string);
  'outcome': (string);
  'count': (string);
}
