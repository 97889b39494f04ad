/**
 * @cred/ob3 — Open Badges 3.0 building blocks: JSON-LD contexts, eddsa-rdfc-2022 signing and
 * verification, did:web documents, credential builders and badge baking. Pure library: no
 * network, no database; the only I/O is reading the bundled context files at load time and
 * the optional worker-thread pool.
 */
export { base58btcDecode, base58btcEncode, multibaseDecode, multibaseEncode } from './base58btc.js';
export { BakingError, describeError, Ob3Error, type Ob3ErrorCode } from './errors.js';
export {
  decodeEd25519PublicKeyMultibase,
  decodeEd25519SecretKeyMultibase,
  ed25519PrivateKeyFromSeed,
  ed25519PublicKeyFromMultibase,
  ed25519PublicKeyFromRaw,
  encodeEd25519PublicKeyMultibase,
  encodeEd25519SecretKeyMultibase,
  publicKeyMultibaseFromKeyObject,
  rawEd25519PublicKey,
} from './multikey.js';
export {
  createDocumentLoader,
  documentLoader,
  getStaticContext,
  STATIC_CONTEXT_URLS,
  type DocumentLoader,
  type DocumentLoaderOptions,
  type RemoteDocument,
} from './document-loader.js';
export {
  canonicalize,
  computeHashData,
  proofConfiguration,
  sha256,
  type CanonicalizeOptions,
  type HashDataFn,
  type HashDataResult,
} from './canonicalize.js';
export {
  signCredential,
  toXsdDateTime,
  verifyDataIntegrityProof,
  type DataIntegrityProof,
  type ProofFailureStep,
  type ProofStatus,
  type ProofVerification,
  type PublicKeyResolver,
  type SignOptions,
  type VerificationResult,
  type VerifyOptions,
} from './data-integrity.js';
export {
  buildAchievement,
  buildAchievementCredential,
  buildAchievementObject,
  ACHIEVEMENT_TYPES,
  buildEmailIdentity,
  buildNameIdentity,
  EXTENSION_TERM,
  isExtensibleTerm,
  RESULT_STATUSES,
  RESULT_TYPES,
  buildIssuerProfile,
  buildIssuerProfileObject,
  identityHash,
  identityMatches,
  normalizeEmail,
  OB3_CONTEXTS,
  OB_V3_CONTEXT,
  VC_V2_CONTEXT,
  type Achievement,
  type AchievementCredential,
  type AchievementCredentialInput,
  type AchievementInput,
  type Alignment,
  type AlignmentInput,
  type BadgeAlignment,
  type BadgeResultDescription,
  type Evidence,
  type EvidenceInput,
  type Result,
  type ResultDescription,
  type ResultDescriptionInput,
  type ResultInput,
  type IdentityObject,
  type ImageObject,
  type IssuerInput,
  type Profile,
  type RecipientInput,
} from './credential.js';
export {
  buildDidDocument,
  DID_DOCUMENT_CONTEXT,
  didKeyFromPublicKey,
  didWebForOrg,
  didWebToUrl,
  findVerificationMethodKey,
  publicKeyFromDidKey,
  publicKeyFromVerificationMethodId,
  splitDidUrl,
  type DidDocument,
  type DidDocumentKey,
  type VerificationMethod,
} from './did.js';
export {
  bitstringStatusListEntry,
  buildStatusListCredential,
  decodeStatusList,
  encodeStatusList,
  STATUS_LIST_MIN_ENTRIES,
  statusBit,
  statusListBits,
  type BitstringStatusListCredential,
  type BitstringStatusListEntry,
  type StatusListCredentialInput,
  type StatusListSlot,
} from './status-list.js';
export { bakedPayloadKind, bakePng, bakeSvg, OB3_SVG_NAMESPACE, PNG_KEYWORD, unbakePng, unbakeSvg, type BakingLimits } from './baking.js';
export { createCanonicalizationPool, type CanonicalizationPool, type CanonicalizationPoolOptions } from './canonicalization-pool.js';
