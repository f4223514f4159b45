// Every table of the application, for drizzle-kit and for typed queries.
export * from "~/settings/schema";
export * from "~/themes/schema";
export * from "~/i18n/schema";
export * from "~/auth/roles.schema";
export * from "~/pages/schema";
export * from "~/catalogue/schema";
export * from "~/auth/users.schema";
export * from "~/auth/sessions.schema";
export * from "~/auth/verifications.schema";
export * from "~/auth/security-log.schema";
export * from "~/auth/rate-limits.schema";
export * from "~/mail/outbox.schema";
export * from "~/billing/schema";
export * from "~/uploads/schema";
export * from "~/auth/access-tokens.schema";
export * from "~/observability/error-log.schema";
export * from "~/contact/schema";
