import type { Role } from '@/shared/roles';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Geocoder } from '../providers/geocoder';
import type { Mailer } from '../providers/mail';
import type { Auth } from './auth';
import type { Logger } from './logger';

/** Everything a request handler may use, built once at start-up. */
export interface AppDeps {
  database: Database;
  env: Env;
  auth: Auth;
  mailer: Mailer;
  geocoder: Geocoder;
  logger: Logger;
  /** Folder of the built web app; absent in API-only tests. */
  webRoot?: string;
}

export interface Viewer {
  userId: string;
  email: string;
  profileId: string;
  role: Role;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    viewer: Viewer;
  };
}
