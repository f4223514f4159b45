/** The signed-in user as server code sees it. Never sent to the browser as is. */
export interface AuthUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** What the site shows: the chosen display name, else first and last name, else the e-mail's local part. */
  displayName: string;
  /** The display name the user chose (null: none). */
  customDisplayName: string | null;
  /** The public handle and profile slug (decision 043); null only for a row written by hand. */
  username: string | null;
  avatar: string | null;
  emailVerifiedAt: Date | null;
  language: string | null;
  country: string | null;
  timezone: string | null;
  unreadNotificationsCount: number;
  hasPassword: boolean;
  /** Two-factor was enabled (a secret exists); confirmed when twoFactorConfirmedAt is set. */
  twoFactorPending: boolean;
  twoFactorConfirmedAt: Date | null;
  recoveryCodesRemaining: number;
  roleIds: number[];
  socialProfiles: { serviceName: string; username: string | null }[];
  /** Every subscription, flagged valid (active, trialing, or cancelled inside its period); see app/billing. */
  subscriptions: { id: number; valid: boolean }[];
  createdAt: Date;
}

export interface CurrentSession {
  id: string;
  remember: boolean;
  passwordConfirmedAt: Date | null;
  lastActiveAt: Date;
  expiresAt: Date;
}
