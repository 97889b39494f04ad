import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GenerateKeyRequest as _credentials_signing_v1_GenerateKeyRequest, GenerateKeyRequest__Output as _credentials_signing_v1_GenerateKeyRequest__Output } from './credentials/signing/v1/GenerateKeyRequest';
import type { GenerateKeyResponse as _credentials_signing_v1_GenerateKeyResponse, GenerateKeyResponse__Output as _credentials_signing_v1_GenerateKeyResponse__Output } from './credentials/signing/v1/GenerateKeyResponse';
import type { ListPublicKeysRequest as _credentials_signing_v1_ListPublicKeysRequest, ListPublicKeysRequest__Output as _credentials_signing_v1_ListPublicKeysRequest__Output } from './credentials/signing/v1/ListPublicKeysRequest';
import type { ListPublicKeysResponse as _credentials_signing_v1_ListPublicKeysResponse, ListPublicKeysResponse__Output as _credentials_signing_v1_ListPublicKeysResponse__Output } from './credentials/signing/v1/ListPublicKeysResponse';
import type { PublicKey as _credentials_signing_v1_PublicKey, PublicKey__Output as _credentials_signing_v1_PublicKey__Output } from './credentials/signing/v1/PublicKey';
import type { ReportKeyCompromisedRequest as _credentials_signing_v1_ReportKeyCompromisedRequest, ReportKeyCompromisedRequest__Output as _credentials_signing_v1_ReportKeyCompromisedRequest__Output } from './credentials/signing/v1/ReportKeyCompromisedRequest';
import type { ReportKeyCompromisedResponse as _credentials_signing_v1_ReportKeyCompromisedResponse, ReportKeyCompromisedResponse__Output as _credentials_signing_v1_ReportKeyCompromisedResponse__Output } from './credentials/signing/v1/ReportKeyCompromisedResponse';
import type { RotateKeyRequest as _credentials_signing_v1_RotateKeyRequest, RotateKeyRequest__Output as _credentials_signing_v1_RotateKeyRequest__Output } from './credentials/signing/v1/RotateKeyRequest';
import type { SignCredentialRequest as _credentials_signing_v1_SignCredentialRequest, SignCredentialRequest__Output as _credentials_signing_v1_SignCredentialRequest__Output } from './credentials/signing/v1/SignCredentialRequest';
import type { SignCredentialResponse as _credentials_signing_v1_SignCredentialResponse, SignCredentialResponse__Output as _credentials_signing_v1_SignCredentialResponse__Output } from './credentials/signing/v1/SignCredentialResponse';
import type { SignCredentialsRequest as _credentials_signing_v1_SignCredentialsRequest, SignCredentialsRequest__Output as _credentials_signing_v1_SignCredentialsRequest__Output } from './credentials/signing/v1/SignCredentialsRequest';
import type { SignCredentialsResponse as _credentials_signing_v1_SignCredentialsResponse, SignCredentialsResponse__Output as _credentials_signing_v1_SignCredentialsResponse__Output } from './credentials/signing/v1/SignCredentialsResponse';
import type { SignItem as _credentials_signing_v1_SignItem, SignItem__Output as _credentials_signing_v1_SignItem__Output } from './credentials/signing/v1/SignItem';
import type { SigningServiceClient as _credentials_signing_v1_SigningServiceClient, SigningServiceDefinition as _credentials_signing_v1_SigningServiceDefinition } from './credentials/signing/v1/SigningService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  credentials: {
    signing: {
      v1: {
        GenerateKeyRequest: MessageTypeDefinition<_credentials_signing_v1_GenerateKeyRequest, _credentials_signing_v1_GenerateKeyRequest__Output>
        GenerateKeyResponse: MessageTypeDefinition<_credentials_signing_v1_GenerateKeyResponse, _credentials_signing_v1_GenerateKeyResponse__Output>
        ListPublicKeysRequest: MessageTypeDefinition<_credentials_signing_v1_ListPublicKeysRequest, _credentials_signing_v1_ListPublicKeysRequest__Output>
        ListPublicKeysResponse: MessageTypeDefinition<_credentials_signing_v1_ListPublicKeysResponse, _credentials_signing_v1_ListPublicKeysResponse__Output>
        PublicKey: MessageTypeDefinition<_credentials_signing_v1_PublicKey, _credentials_signing_v1_PublicKey__Output>
        ReportKeyCompromisedRequest: MessageTypeDefinition<_credentials_signing_v1_ReportKeyCompromisedRequest, _credentials_signing_v1_ReportKeyCompromisedRequest__Output>
        ReportKeyCompromisedResponse: MessageTypeDefinition<_credentials_signing_v1_ReportKeyCompromisedResponse, _credentials_signing_v1_ReportKeyCompromisedResponse__Output>
        RotateKeyRequest: MessageTypeDefinition<_credentials_signing_v1_RotateKeyRequest, _credentials_signing_v1_RotateKeyRequest__Output>
        SignCredentialRequest: MessageTypeDefinition<_credentials_signing_v1_SignCredentialRequest, _credentials_signing_v1_SignCredentialRequest__Output>
        SignCredentialResponse: MessageTypeDefinition<_credentials_signing_v1_SignCredentialResponse, _credentials_signing_v1_SignCredentialResponse__Output>
        SignCredentialsRequest: MessageTypeDefinition<_credentials_signing_v1_SignCredentialsRequest, _credentials_signing_v1_SignCredentialsRequest__Output>
        SignCredentialsResponse: MessageTypeDefinition<_credentials_signing_v1_SignCredentialsResponse, _credentials_signing_v1_SignCredentialsResponse__Output>
        SignItem: MessageTypeDefinition<_credentials_signing_v1_SignItem, _credentials_signing_v1_SignItem__Output>
        SigningService: SubtypeConstructor<typeof grpc.Client, _credentials_signing_v1_SigningServiceClient> & { service: _credentials_signing_v1_SigningServiceDefinition }
      }
    }
  }
}

