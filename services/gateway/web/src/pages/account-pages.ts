import type { PageComponent } from '../app.js';
import type { PageName } from '../routes.js';
import { HomePage } from './home.js';
import { LoginPage } from './login.js';

/** Sign-up and sign-in, the recipient's pages, organization settings and the operator console. */
export const accountPages: Partial<Record<PageName, PageComponent>> = {
  home: HomePage,
  login: LoginPage,
};
