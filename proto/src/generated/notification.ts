import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AuditEntry as _credentials_audit_v1_AuditEntry, AuditEntry__Output as _credentials_audit_v1_AuditEntry__Output } from './credentials/audit/v1/AuditEntry';
import type { ListAuditEntriesRequest as _credentials_audit_v1_ListAuditEntriesRequest, ListAuditEntriesRequest__Output as _credentials_audit_v1_ListAuditEntriesRequest__Output } from './credentials/audit/v1/ListAuditEntriesRequest';
import type { ListAuditEntriesResponse as _credentials_audit_v1_ListAuditEntriesResponse, ListAuditEntriesResponse__Output as _credentials_audit_v1_ListAuditEntriesResponse__Output } from './credentials/audit/v1/ListAuditEntriesResponse';
import type { IdempotencyKey as _credentials_idempotency_v1_IdempotencyKey, IdempotencyKey__Output as _credentials_idempotency_v1_IdempotencyKey__Output } from './credentials/idempotency/v1/IdempotencyKey';
import type { CreateWebhookRequest as _credentials_notification_v1_CreateWebhookRequest, CreateWebhookRequest__Output as _credentials_notification_v1_CreateWebhookRequest__Output } from './credentials/notification/v1/CreateWebhookRequest';
import type { CreateWebhookResponse as _credentials_notification_v1_CreateWebhookResponse, CreateWebhookResponse__Output as _credentials_notification_v1_CreateWebhookResponse__Output } from './credentials/notification/v1/CreateWebhookResponse';
import type { DeliveryAttempt as _credentials_notification_v1_DeliveryAttempt, DeliveryAttempt__Output as _credentials_notification_v1_DeliveryAttempt__Output } from './credentials/notification/v1/DeliveryAttempt';
import type { DeliveryIdRequest as _credentials_notification_v1_DeliveryIdRequest, DeliveryIdRequest__Output as _credentials_notification_v1_DeliveryIdRequest__Output } from './credentials/notification/v1/DeliveryIdRequest';
import type { Empty as _credentials_notification_v1_Empty, Empty__Output as _credentials_notification_v1_Empty__Output } from './credentials/notification/v1/Empty';
import type { ListDeliveriesRequest as _credentials_notification_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _credentials_notification_v1_ListDeliveriesRequest__Output } from './credentials/notification/v1/ListDeliveriesRequest';
import type { ListDeliveriesResponse as _credentials_notification_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _credentials_notification_v1_ListDeliveriesResponse__Output } from './credentials/notification/v1/ListDeliveriesResponse';
import type { ListNotificationsRequest as _credentials_notification_v1_ListNotificationsRequest, ListNotificationsRequest__Output as _credentials_notification_v1_ListNotificationsRequest__Output } from './credentials/notification/v1/ListNotificationsRequest';
import type { ListNotificationsResponse as _credentials_notification_v1_ListNotificationsResponse, ListNotificationsResponse__Output as _credentials_notification_v1_ListNotificationsResponse__Output } from './credentials/notification/v1/ListNotificationsResponse';
import type { ListWebhooksRequest as _credentials_notification_v1_ListWebhooksRequest, ListWebhooksRequest__Output as _credentials_notification_v1_ListWebhooksRequest__Output } from './credentials/notification/v1/ListWebhooksRequest';
import type { ListWebhooksResponse as _credentials_notification_v1_ListWebhooksResponse, ListWebhooksResponse__Output as _credentials_notification_v1_ListWebhooksResponse__Output } from './credentials/notification/v1/ListWebhooksResponse';
import type { Notification as _credentials_notification_v1_Notification, Notification__Output as _credentials_notification_v1_Notification__Output } from './credentials/notification/v1/Notification';
import type { NotificationServiceClient as _credentials_notification_v1_NotificationServiceClient, NotificationServiceDefinition as _credentials_notification_v1_NotificationServiceDefinition } from './credentials/notification/v1/NotificationService';
import type { PingWebhookRequest as _credentials_notification_v1_PingWebhookRequest, PingWebhookRequest__Output as _credentials_notification_v1_PingWebhookRequest__Output } from './credentials/notification/v1/PingWebhookRequest';
import type { WebhookDelivery as _credentials_notification_v1_WebhookDelivery, WebhookDelivery__Output as _credentials_notification_v1_WebhookDelivery__Output } from './credentials/notification/v1/WebhookDelivery';
import type { WebhookEndpoint as _credentials_notification_v1_WebhookEndpoint, WebhookEndpoint__Output as _credentials_notification_v1_WebhookEndpoint__Output } from './credentials/notification/v1/WebhookEndpoint';
import type { WebhookIdRequest as _credentials_notification_v1_WebhookIdRequest, WebhookIdRequest__Output as _credentials_notification_v1_WebhookIdRequest__Output } from './credentials/notification/v1/WebhookIdRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  credentials: {
    audit: {
      v1: {
        AuditEntry: MessageTypeDefinition<_credentials_audit_v1_AuditEntry, _credentials_audit_v1_AuditEntry__Output>
        ListAuditEntriesRequest: MessageTypeDefinition<_credentials_audit_v1_ListAuditEntriesRequest, _credentials_audit_v1_ListAuditEntriesRequest__Output>
        ListAuditEntriesResponse: MessageTypeDefinition<_credentials_audit_v1_ListAuditEntriesResponse, _credentials_audit_v1_ListAuditEntriesResponse__Output>
      }
    }
    idempotency: {
      v1: {
        IdempotencyKey: MessageTypeDefinition<_credentials_idempotency_v1_IdempotencyKey, _credentials_idempotency_v1_IdempotencyKey__Output>
      }
    }
    notification: {
      v1: {
        CreateWebhookRequest: MessageTypeDefinition<_credentials_notification_v1_CreateWebhookRequest, _credentials_notification_v1_CreateWebhookRequest__Output>
        CreateWebhookResponse: MessageTypeDefinition<_credentials_notification_v1_CreateWebhookResponse, _credentials_notification_v1_CreateWebhookResponse__Output>
        DeliveryAttempt: MessageTypeDefinition<_credentials_notification_v1_DeliveryAttempt, _credentials_notification_v1_DeliveryAttempt__Output>
        DeliveryIdRequest: MessageTypeDefinition<_credentials_notification_v1_DeliveryIdRequest, _credentials_notification_v1_DeliveryIdRequest__Output>
        Empty: MessageTypeDefinition<_credentials_notification_v1_Empty, _credentials_notification_v1_Empty__Output>
        ListDeliveriesRequest: MessageTypeDefinition<_credentials_notification_v1_ListDeliveriesRequest, _credentials_notification_v1_ListDeliveriesRequest__Output>
        ListDeliveriesResponse: MessageTypeDefinition<_credentials_notification_v1_ListDeliveriesResponse, _credentials_notification_v1_ListDeliveriesResponse__Output>
        ListNotificationsRequest: MessageTypeDefinition<_credentials_notification_v1_ListNotificationsRequest, _credentials_notification_v1_ListNotificationsRequest__Output>
        ListNotificationsResponse: MessageTypeDefinition<_credentials_notification_v1_ListNotificationsResponse, _credentials_notification_v1_ListNotificationsResponse__Output>
        ListWebhooksRequest: MessageTypeDefinition<_credentials_notification_v1_ListWebhooksRequest, _credentials_notification_v1_ListWebhooksRequest__Output>
        ListWebhooksResponse: MessageTypeDefinition<_credentials_notification_v1_ListWebhooksResponse, _credentials_notification_v1_ListWebhooksResponse__Output>
        Notification: MessageTypeDefinition<_credentials_notification_v1_Notification, _credentials_notification_v1_Notification__Output>
        NotificationService: SubtypeConstructor<typeof grpc.Client, _credentials_notification_v1_NotificationServiceClient> & { service: _credentials_notification_v1_NotificationServiceDefinition }
        PingWebhookRequest: MessageTypeDefinition<_credentials_notification_v1_PingWebhookRequest, _credentials_notification_v1_PingWebhookRequest__Output>
        WebhookDelivery: MessageTypeDefinition<_credentials_notification_v1_WebhookDelivery, _credentials_notification_v1_WebhookDelivery__Output>
        WebhookEndpoint: MessageTypeDefinition<_credentials_notification_v1_WebhookEndpoint, _credentials_notification_v1_WebhookEndpoint__Output>
        WebhookIdRequest: MessageTypeDefinition<_credentials_notification_v1_WebhookIdRequest, _credentials_notification_v1_WebhookIdRequest__Output>
      }
    }
  }
}

