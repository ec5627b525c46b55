import type { Actor } from '@/shared/access';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { ChatAssistant } from '../providers/ai';
import type { Geocoder } from '../providers/geocoder';
import type { Mailer } from '../providers/mail';
import type { PaymentProvider } from '../providers/payments';
import type { NativePushProvider } from '../providers/native-push';
import type { PushProvider } from '../providers/push';
import type { FileStorage } from '../providers/storage';
import type { Auth } from './auth';
import type { Logger } from './logger';

/** Everything a request handler may use, built once at start-up. */
export interface AppDeps {
  database: Database;
  env: Env;
  auth: Auth;
  mailer: Mailer;
  geocoder: Geocoder;
  payments: PaymentProvider;
  /** Uploaded images. */
  storage: FileStorage;
  /** The support chat's assistant: the built-in one, or an OpenAI-compatible endpoint. */
  assistant: ChatAssistant;
  /** Web Push to people's devices. */
  push: PushProvider;
  /** Pushes to the native app (FCM); null when not configured. */
  nativePush: NativePushProvider | null;
  logger: Logger;
  /** Folder of the built web app; absent in API-only tests. */
  webRoot?: string;
}

/**
 * The signed-in person a request acts for: their account, role and profile, and the warehouses and
 * kitchens they run. Use cases take it and decide access themselves with the rules of src/shared/access.ts.
 */
export interface Viewer extends Actor {
  userId: string;
  email: string;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    viewer: Viewer;
    /** The security headers chosen for this request, for responses built outside Hono. */
    securityHeaders: readonly [string, string][];
  };
}
