// Original file: credentials/notification/v1/notification.proto

import type { Notification as _credentials_notification_v1_Notification, Notification__Output as _credentials_notification_v1_Notification__Output } from '../../../credentials/notification/v1/Notification';

export interface ListNotificationsResponse {
  'notifications'?: (_credentials_notification_v1_Notification)[];
  'total'?: (number);
}

export interface ListNotificationsResponse__Output {
  'notifications': (_credentials_notification_v1_Notification__Output)[];
  'total': (number);
}
