import type { PageComponent } from '../app.js';
import type { PageName } from '../routes.js';
import { AcceptInvitationPage } from './accept-invitation.js';
import { AdminPage } from './admin.js';
import { ApiKeysPage } from './api-keys.js';
import { HomePage } from './home.js';
import { LoginPage } from './login.js';
import { MembersPage } from './members.js';
import { MyCredentialsPage } from './my-credentials.js';
import { OrgOverviewPage } from './org-overview.js';
import { OrgSettingsPage } from './org-settings.js';
import { ForgotPasswordPage, ResetPasswordPage } from './password.js';
import { SigningKeysPage } from './signing-keys.js';
import { SignupPage } from './signup.js';
import { VerifyEmailPage } from './verify-email.js';
import { WebhooksPage } from './webhooks.js';

/** Sign-up and sign-in, the recipient's pages, organization settings and the operator console. */
export const accountPages: Partial<Record<PageName, PageComponent>> = {
  home: HomePage,
  login: LoginPage,
  signup: SignupPage,
  verifyEmail: VerifyEmailPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  myCredentials: MyCredentialsPage,
  orgOverview: OrgOverviewPage,
  signingKeys: SigningKeysPage,
  apiKeys: ApiKeysPage,
  webhooks: WebhooksPage,
  settings: OrgSettingsPage,
  members: MembersPage,
  acceptInvitation: AcceptInvitationPage,
  admin: AdminPage,
};
