/**
 * The name other people see for an account (decision 021): the display name
 * the user chose, else first and last name, else the username (decision 043), else "Member <id>". Never
 * anything derived from the e-mail address, which is private.
 */
export function memberName(user: { id: number; displayName?: string | null; firstName: string | null; lastName: string | null; username?: string | null }): string {
  if (user.displayName?.trim()) return user.displayName.trim();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.username || `Member ${user.id}`;
}
