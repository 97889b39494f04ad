import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ListNotificationsRequest as _credentials_notification_v1_ListNotificationsRequest, ListNotificationsRequest__Output as _credentials_notification_v1_ListNotificationsRequest__Output } from './credentials/notification/v1/ListNotificationsRequest';
import type { ListNotificationsResponse as _credentials_notification_v1_ListNotificationsResponse, ListNotificationsResponse__Output as _credentials_notification_v1_ListNotificationsResponse__Output } from './credentials/notification/v1/ListNotificationsResponse';
import type { Notification as _credentials_notification_v1_Notification, Notification__Output as _credentials_notification_v1_Notification__Output } from './credentials/notification/v1/Notification';
import type { NotificationServiceClient as _credentials_notification_v1_NotificationServiceClient, NotificationServiceDefinition as _credentials_notification_v1_NotificationServiceDefinition } from './credentials/notification/v1/NotificationService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  credentials: {
    notification: {
      v1: {
        ListNotificationsRequest: MessageTypeDefinition<_credentials_notification_v1_ListNotificationsRequest, _credentials_notification_v1_ListNotificationsRequest__Output>
        ListNotificationsResponse: MessageTypeDefinition<_credentials_notification_v1_ListNotificationsResponse, _credentials_notification_v1_ListNotificationsResponse__Output>
        Notification: MessageTypeDefinition<_credentials_notification_v1_Notification, _credentials_notification_v1_Notification__Output>
        NotificationService: SubtypeConstructor<typeof grpc.Client, _credentials_notification_v1_NotificationServiceClient> & { service: _credentials_notification_v1_NotificationServiceDefinition }
      }
    }
  }
}

