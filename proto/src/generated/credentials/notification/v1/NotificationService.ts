// Original file: credentials/notification/v1/notification.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ListNotificationsRequest as _credentials_notification_v1_ListNotificationsRequest, ListNotificationsRequest__Output as _credentials_notification_v1_ListNotificationsRequest__Output } from '../../../credentials/notification/v1/ListNotificationsRequest';
import type { ListNotificationsResponse as _credentials_notification_v1_ListNotificationsResponse, ListNotificationsResponse__Output as _credentials_notification_v1_ListNotificationsResponse__Output } from '../../../credentials/notification/v1/ListNotificationsResponse';

export interface NotificationServiceClient extends grpc.Client {
  ListNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  ListNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  ListNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  ListNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface NotificationServiceHandlers extends grpc.UntypedServiceImplementation {
  ListNotifications: grpc.handleUnaryCall<_credentials_notification_v1_ListNotificationsRequest__Output, _credentials_notification_v1_ListNotificationsResponse>;
  
}

export interface NotificationServiceDefinition extends grpc.ServiceDefinition {
  ListNotifications: MethodDefinition<_credentials_notification_v1_ListNotificationsRequest, _credentials_notification_v1_ListNotificationsResponse, _credentials_notification_v1_ListNotificationsRequest__Output, _credentials_notification_v1_ListNotificationsResponse__Output>
}
