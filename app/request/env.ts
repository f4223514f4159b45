/**
 * The variables and secrets the accounts code reads. All optional except
 * APP_KEY; see .dev.vars.example and docs/decisions for what each does.
 */
export interface AuthEnv {
  APP_ENV?: string;
  APP_KEY?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  TURNSTILE_SECRET_KEY?: string;
  TURNSTILE_VERIFY_URL?: string;
  [key: `OAUTH_${string}`]: string | undefined;
}

export function authEnv(env: Env): AuthEnv {
  return env as unknown as AuthEnv;
}
