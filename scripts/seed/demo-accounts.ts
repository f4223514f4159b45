/** Demo accounts created by the seed and printed by `npm start`. */
export const DEMO_ACCOUNTS: { role: string; email: string; password: string }[] = [];
