/** E-mail addresses are compared and stored trimmed, NFC-normalised and in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().normalize("NFC").toLowerCase();
}

/**
 * The address as the verification screen shows it: the
 * first two characters, four asterisks, then the domain.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return `${[...email].slice(0, 2).join("")}****`;
  return `${[...email.slice(0, at)].slice(0, 2).join("")}****${email.slice(at)}`;
}
