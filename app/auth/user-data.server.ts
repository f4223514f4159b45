import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { listAccessTokens } from "./access-tokens.server";
import { permissions, roles } from "./roles.tables";
import { securityLog } from "./security-log.tables";
import { sessions } from "./sessions.tables";
import { socialProfiles, userPermissions, userRoles, users } from "./users.tables";

/**
 * The accounts' part of "Download my data" (see app/account/): the profile,
 * roles and permissions, linked social accounts, sessions, the security log
 * and API tokens. Never a secret: no password hash, two-factor secret,
 * recovery codes or token hashes. Deleting the user row removes all of these
 * by cascade.
 */
const LOG_PAGE = 500;

export async function exportAccountData(db: Database, userId: number) {
  const [[profile], roleRows, permissionRows, socialRows, sessionRows, tokens] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        first_name: users.firstName,
        last_name: users.lastName,
        display_name: users.displayName,
        avatar: users.avatar,
        email_verified_at: users.emailVerifiedAt,
        language: users.language,
        country: users.country,
        timezone: users.timezone,
        two_factor_confirmed_at: users.twoFactorConfirmedAt,
        created_at: users.createdAt,
        updated_at: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db.select({ id: roles.id, name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId)),
    db
      .select({ name: permissions.name, restrictions: userPermissions.restrictions })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, userId)),
    db
      .select({ service_name: socialProfiles.serviceName, username: socialProfiles.username, account_id: socialProfiles.userServiceId, connected_at: socialProfiles.createdAt })
      .from(socialProfiles)
      .where(eq(socialProfiles.userId, userId)),
    db
      .select({
        kind: sessions.kind,
        device_type: sessions.deviceType,
        platform: sessions.platform,
        browser: sessions.browser,
        ip_address: sessions.ipAddress,
        city: sessions.city,
        country: sessions.country,
        last_active_at: sessions.lastActiveAt,
        expires_at: sessions.expiresAt,
        created_at: sessions.createdAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.lastActiveAt)),
    listAccessTokens(db, userId),
  ]);
  return {
    profile: profile ?? null,
    roles: roleRows,
    permissions: permissionRows,
    social_profiles: socialRows,
    sessions: sessionRows,
    security_log: await exportSecurityLog(db, userId),
    access_tokens: tokens,
  };
}

async function exportSecurityLog(db: Database, userId: number) {
  const out = [];
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: securityLog.id,
        event: securityLog.event,
        ip_address: securityLog.ipAddress,
        device_type: securityLog.deviceType,
        platform: securityLog.platform,
        browser: securityLog.browser,
        city: securityLog.city,
        country: securityLog.country,
        data: securityLog.data,
        created_at: securityLog.createdAt,
      })
      .from(securityLog)
      .where(and(eq(securityLog.userId, userId), gt(securityLog.id, after)))
      .orderBy(asc(securityLog.id))
      .limit(LOG_PAGE);
    out.push(...rows.map(({ id: _id, ...row }) => row));
    if (rows.length < LOG_PAGE) return out;
    after = rows[rows.length - 1].id;
  }
}
