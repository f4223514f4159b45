import { useRootData } from "~/bootstrap/use-bootstrap";

/**
 * Structured data (schema.org) as a JSON-LD script carrying this response's
 * CSP nonce. "<" is escaped so no string in the data can close the script.
 */
export function JsonLd({ data }: { data: Record<string, unknown> | null | undefined }) {
  const { nonce } = useRootData();
  if (!data) return null;
  const json = JSON.stringify({ "@context": "https://schema.org", ...data })
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
