// The real OpenID provider the server's tests start (server/src/test/oidc-provider.ts), with its
// one client returning to the product under test.
import { startTestProvider as startProvider, type TestProvider } from '../../server/src/test/oidc-provider';

export type { TestProvider };

export const startTestProvider = (productUrl: string): Promise<TestProvider> => startProvider(`${productUrl}/api/sso/callback`);
