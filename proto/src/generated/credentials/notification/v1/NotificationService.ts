// Original file: credentials/notification/v1/notification.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateWebhookRequest as _credentials_notification_v1_CreateWebhookRequest, CreateWebhookRequest__Output as _credentials_notification_v1_CreateWebhookRequest__Output } from '../../../credentials/notification/v1/CreateWebhookRequest';
import type { CreateWebhookResponse as _credentials_notification_v1_CreateWebhookResponse, CreateWebhookResponse__Output as _credentials_notification_v1_CreateWebhookResponse__Output } from '../../../credentials/notification/v1/CreateWebhookResponse';
import type { DeliveryIdRequest as _credentials_notification_v1_DeliveryIdRequest, DeliveryIdRequest__Output as _credentials_notification_v1_DeliveryIdRequest__Output } from '../../../credentials/notification/v1/DeliveryIdRequest';
import type { Empty as _credentials_notification_v1_Empty, Empty__Output as _credentials_notification_v1_Empty__Output } from '../../../credentials/notification/v1/Empty';
import type { ListAuditEntriesRequest as _credentials_audit_v1_ListAuditEntriesRequest, ListAuditEntriesRequest__Output as _credentials_audit_v1_ListAuditEntriesRequest__Output } from '../../../credentials/audit/v1/ListAuditEntriesRequest';
import type { ListAuditEntriesResponse as _credentials_audit_v1_ListAuditEntriesResponse, ListAuditEntriesResponse__Output as _credentials_audit_v1_ListAuditEntriesResponse__Output } from '../../../credentials/audit/v1/ListAuditEntriesResponse';
import type { ListDeliveriesRequest as _credentials_notification_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _credentials_notification_v1_ListDeliveriesRequest__Output } from '../../../credentials/notification/v1/ListDeliveriesRequest';
import type { ListDeliveriesResponse as _credentials_notification_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _credentials_notification_v1_ListDeliveriesResponse__Output } from '../../../credentials/notification/v1/ListDeliveriesResponse';
import type { ListNotificationsRequest as _credentials_notification_v1_ListNotificationsRequest, ListNotificationsRequest__Output as _credentials_notification_v1_ListNotificationsRequest__Output } from '../../../credentials/notification/v1/ListNotificationsRequest';
import type { ListNotificationsResponse as _credentials_notification_v1_ListNotificationsResponse, ListNotificationsResponse__Output as _credentials_notification_v1_ListNotificationsResponse__Output } from '../../../credentials/notification/v1/ListNotificationsResponse';
import type { ListWebhooksRequest as _credentials_notification_v1_ListWebhooksRequest, ListWebhooksRequest__Output as _credentials_notification_v1_ListWebhooksRequest__Output } from '../../../credentials/notification/v1/ListWebhooksRequest';
import type { ListWebhooksResponse as _credentials_notification_v1_ListWebhooksResponse, ListWebhooksResponse__Output as _credentials_notification_v1_ListWebhooksResponse__Output } from '../../../credentials/notification/v1/ListWebhooksResponse';
import type { PingWebhookRequest as _credentials_notification_v1_PingWebhookRequest, PingWebhookRequest__Output as _credentials_notification_v1_PingWebhookRequest__Output } from '../../../credentials/notification/v1/PingWebhookRequest';
import type { WebhookDelivery as _credentials_notification_v1_WebhookDelivery, WebhookDelivery__Output as _credentials_notification_v1_WebhookDelivery__Output } from '../../../credentials/notification/v1/WebhookDelivery';
import type { WebhookIdRequest as _credentials_notification_v1_WebhookIdRequest, WebhookIdRequest__Output as _credentials_notification_v1_WebhookIdRequest__Output } from '../../../credentials/notification/v1/WebhookIdRequest';

export interface NotificationServiceClient extends grpc.Client {
  CreateWebhook(argument: _credentials_notification_v1_CreateWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  CreateWebhook(argument: _credentials_notification_v1_CreateWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  CreateWebhook(argument: _credentials_notification_v1_CreateWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  CreateWebhook(argument: _credentials_notification_v1_CreateWebhookRequest, callback: grpc.requestCallback<_credentials_notification_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _credentials_notification_v1_CreateWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _credentials_notification_v1_CreateWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _credentials_notification_v1_CreateWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _credentials_notification_v1_CreateWebhookRequest, callback: grpc.requestCallback<_credentials_notification_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteWebhook(argument: _credentials_notification_v1_WebhookIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteWebhook(argument: _credentials_notification_v1_WebhookIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteWebhook(argument: _credentials_notification_v1_WebhookIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteWebhook(argument: _credentials_notification_v1_WebhookIdRequest, callback: grpc.requestCallback<_credentials_notification_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _credentials_notification_v1_WebhookIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _credentials_notification_v1_WebhookIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _credentials_notification_v1_WebhookIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _credentials_notification_v1_WebhookIdRequest, callback: grpc.requestCallback<_credentials_notification_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  listAuditEntries(argument: _credentials_audit_v1_ListAuditEntriesRequest, callback: grpc.requestCallback<_credentials_audit_v1_ListAuditEntriesResponse__Output>): grpc.ClientUnaryCall;
  
  ListDeliveries(argument: _credentials_notification_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _credentials_notification_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _credentials_notification_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _credentials_notification_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_credentials_notification_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _credentials_notification_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _credentials_notification_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _credentials_notification_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _credentials_notification_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_credentials_notification_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  
  ListNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  ListNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  ListNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  ListNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _credentials_notification_v1_ListNotificationsRequest, callback: grpc.requestCallback<_credentials_notification_v1_ListNotificationsResponse__Output>): grpc.ClientUnaryCall;
  
  ListWebhooks(argument: _credentials_notification_v1_ListWebhooksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  ListWebhooks(argument: _credentials_notification_v1_ListWebhooksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  ListWebhooks(argument: _credentials_notification_v1_ListWebhooksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  ListWebhooks(argument: _credentials_notification_v1_ListWebhooksRequest, callback: grpc.requestCallback<_credentials_notification_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _credentials_notification_v1_ListWebhooksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _credentials_notification_v1_ListWebhooksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _credentials_notification_v1_ListWebhooksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _credentials_notification_v1_ListWebhooksRequest, callback: grpc.requestCallback<_credentials_notification_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  
  PingWebhook(argument: _credentials_notification_v1_PingWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  PingWebhook(argument: _credentials_notification_v1_PingWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  PingWebhook(argument: _credentials_notification_v1_PingWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  PingWebhook(argument: _credentials_notification_v1_PingWebhookRequest, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  pingWebhook(argument: _credentials_notification_v1_PingWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  pingWebhook(argument: _credentials_notification_v1_PingWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  pingWebhook(argument: _credentials_notification_v1_PingWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  pingWebhook(argument: _credentials_notification_v1_PingWebhookRequest, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  
  ReplayDelivery(argument: _credentials_notification_v1_DeliveryIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _credentials_notification_v1_DeliveryIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _credentials_notification_v1_DeliveryIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  ReplayDelivery(argument: _credentials_notification_v1_DeliveryIdRequest, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _credentials_notification_v1_DeliveryIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _credentials_notification_v1_DeliveryIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _credentials_notification_v1_DeliveryIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  replayDelivery(argument: _credentials_notification_v1_DeliveryIdRequest, callback: grpc.requestCallback<_credentials_notification_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  
}

export interface NotificationServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateWebhook: grpc.handleUnaryCall<_credentials_notification_v1_CreateWebhookRequest__Output, _credentials_notification_v1_CreateWebhookResponse>;
  
  DeleteWebhook: grpc.handleUnaryCall<_credentials_notification_v1_WebhookIdRequest__Output, _credentials_notification_v1_Empty>;
  
  ListAuditEntries: grpc.handleUnaryCall<_credentials_audit_v1_ListAuditEntriesRequest__Output, _credentials_audit_v1_ListAuditEntriesResponse>;
  
  ListDeliveries: grpc.handleUnaryCall<_credentials_notification_v1_ListDeliveriesRequest__Output, _credentials_notification_v1_ListDeliveriesResponse>;
  
  ListNotifications: grpc.handleUnaryCall<_credentials_notification_v1_ListNotificationsRequest__Output, _credentials_notification_v1_ListNotificationsResponse>;
  
  ListWebhooks: grpc.handleUnaryCall<_credentials_notification_v1_ListWebhooksRequest__Output, _credentials_notification_v1_ListWebhooksResponse>;
  
  PingWebhook: grpc.handleUnaryCall<_credentials_notification_v1_PingWebhookRequest__Output, _credentials_notification_v1_WebhookDelivery>;
  
  ReplayDelivery: grpc.handleUnaryCall<_credentials_notification_v1_DeliveryIdRequest__Output, _credentials_notification_v1_WebhookDelivery>;
  
}

export interface NotificationServiceDefinition extends grpc.ServiceDefinition {
  CreateWebhook: MethodDefinition<_credentials_notification_v1_CreateWebhookRequest, _credentials_notification_v1_CreateWebhookResponse, _credentials_notification_v1_CreateWebhookRequest__Output, _credentials_notification_v1_CreateWebhookResponse__Output>
  DeleteWebhook: MethodDefinition<_credentials_notification_v1_WebhookIdRequest, _credentials_notification_v1_Empty, _credentials_notification_v1_WebhookIdRequest__Output, _credentials_notification_v1_Empty__Output>
  ListAuditEntries: MethodDefinition<_credentials_audit_v1_ListAuditEntriesRequest, _credentials_audit_v1_ListAuditEntriesResponse, _credentials_audit_v1_ListAuditEntriesRequest__Output, _credentials_audit_v1_ListAuditEntriesResponse__Output>
  ListDeliveries: MethodDefinition<_credentials_notification_v1_ListDeliveriesRequest, _credentials_notification_v1_ListDeliveriesResponse, _credentials_notification_v1_ListDeliveriesRequest__Output, _credentials_notification_v1_ListDeliveriesResponse__Output>
  ListNotifications: MethodDefinition<_credentials_notification_v1_ListNotificationsRequest, _credentials_notification_v1_ListNotificationsResponse, _credentials_notification_v1_ListNotificationsRequest__Output, _credentials_notification_v1_ListNotificationsResponse__Output>
  ListWebhooks: MethodDefinition<_credentials_notification_v1_ListWebhooksRequest, _credentials_notification_v1_ListWebhooksResponse, _credentials_notification_v1_ListWebhooksRequest__Output, _credentials_notification_v1_ListWebhooksResponse__Output>
  PingWebhook: MethodDefinition<_credentials_notification_v1_PingWebhookRequest, _credentials_notification_v1_WebhookDelivery, _credentials_notification_v1_PingWebhookRequest__Output, _credentials_notification_v1_WebhookDelivery__Output>
  ReplayDelivery: MethodDefinition<_credentials_notification_v1_DeliveryIdRequest, _credentials_notification_v1_WebhookDelivery, _credentials_notification_v1_DeliveryIdRequest__Output, _credentials_notification_v1_WebhookDelivery__Output>
}
