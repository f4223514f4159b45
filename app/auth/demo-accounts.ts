/**
 * The demo site's accounts: created by the seed, printed by `npm start`, and
 * prefilled on the sign-in form when the site.demo setting is on (spec
 * section 6). Their passwords are public by design; never turn site.demo on
 * for a real site.
 */
export const DEMO_ACCOUNTS = [
  { role: "admin", email: "admin@demo.reelbase.test", password: "demo-admin-password", firstName: "Ada", lastName: "Admin" },
  { role: "user", email: "user@demo.reelbase.test", password: "demo-user-password", firstName: "Uma", lastName: "User" },
] as const;

/** The account the sign-in form is prefilled with on a demo site. */
export const DEMO_LOGIN = DEMO_ACCOUNTS[1];
