/** Demo accounts created by the seed and printed by `npm start` (defined beside the sign-in form that prefills them). */
import { DEMO_ACCOUNTS as ACCOUNTS } from "../../app/auth/demo-accounts";

export const DEMO_ACCOUNTS: { role: string; email: string; password: string }[] = ACCOUNTS.map(({ role, email, password }) => ({
  role,
  email,
  password,
}));
