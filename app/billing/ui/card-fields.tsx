import type { FieldMetadata } from "@conform-to/react";
import { useTrans } from "~/i18n/translation-context";
import { TextField } from "~/ui/forms/fields";

type Meta = FieldMetadata<string, any, string[]>;

/** Card number, expiry, CVC and name, laid out like Stripe Checkout's card form. */
export function CardFields({ fields }: { fields: { number: Meta; expiry: Meta; cvc: Meta; name: Meta } }) {
  const t = useTrans();
  return (
    <div className="flex flex-col gap-4">
      <TextField meta={fields.number} label={t("Card number")} inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" maxLength={23} />
      <div className="grid grid-cols-2 gap-4">
        <TextField meta={fields.expiry} label={t("Expiration date")} inputMode="numeric" autoComplete="cc-exp" placeholder={t("MM / YY")} maxLength={9} />
        <TextField meta={fields.cvc} label={t("CVC")} inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} />
      </div>
      <TextField meta={fields.name} label={t("Name on card")} autoComplete="cc-name" />
    </div>
  );
}

/** The test-mode note: which cards to use. */
export function TestCardsNote() {
  const t = useTrans();
  return (
    <div className="rounded-theme border border-warning/40 bg-warning/10 p-4 text-sm text-foreground" data-testid="test-mode-note">
      <p className="font-semibold">{t("Test mode: no real payment is made.")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{t(":number pays successfully.", { number: "4242 4242 4242 4242" })}</li>
        <li>{t(":number is declined.", { number: "4000 0000 0000 0002" })}</li>
        <li>{t(":number can be saved, but later charges to it fail.", { number: "4000 0000 0000 0341" })}</li>
      </ul>
      <p className="mt-2 text-muted">{t("Use any future expiration date, any three-digit CVC (four for American Express) and any name.")}</p>
    </div>
  );
}
