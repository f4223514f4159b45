/**
 * Money as the pages show it. Amounts are integers in the currency's minor
 * unit (Stripe's convention): 999 USD is $9.99, 500 JPY is ¥500.
 */

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string, fractionDigits?: number) {
  const key = `${locale}|${currency}|${fractionDigits ?? ""}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: currency.toUpperCase(),
      ...(fractionDigits !== undefined ? { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

/** Digits after the decimal point in the currency's minor unit (2 for USD, 0 for JPY). */
export function minorUnitDigits(currency: string): number {
  return formatter(currency, "en").resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * "$9.99", "9,99 €", "¥500". Whole amounts drop the decimals ("$10") unless
 * `keepDecimals` is set (invoices always show them). A fractional minor unit
 * (a yearly price divided by 12) is rounded to the currency's precision.
 */
export function formatMoney(amountMinor: number, currency: string, locale = "en", { keepDecimals = false } = {}): string {
  const digits = minorUnitDigits(currency);
  const major = amountMinor / 10 ** digits;
  const rounded = Math.round(major * 10 ** digits) / 10 ** digits;
  const whole = Number.isInteger(rounded);
  try {
    return formatter(currency, locale, whole && !keepDecimals ? 0 : digits).format(rounded);
  } catch {
    return formatter(currency, "en", whole && !keepDecimals ? 0 : digits).format(rounded);
  }
}
