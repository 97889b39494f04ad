import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AuditEntry as _credentials_audit_v1_AuditEntry, AuditEntry__Output as _credentials_audit_v1_AuditEntry__Output } from './credentials/audit/v1/AuditEntry';
import type { ListAuditEntriesRequest as _credentials_audit_v1_ListAuditEntriesRequest, ListAuditEntriesRequest__Output as _credentials_audit_v1_ListAuditEntriesRequest__Output } from './credentials/audit/v1/ListAuditEntriesRequest';
import type { ListAuditEntriesResponse as _credentials_audit_v1_ListAuditEntriesResponse, ListAuditEntriesResponse__Output as _credentials_audit_v1_ListAuditEntriesResponse__Output } from './credentials/audit/v1/ListAuditEntriesResponse';

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
  }
}

