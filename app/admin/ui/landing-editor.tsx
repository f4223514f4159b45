import { useTrans } from "~/i18n/translation-context";
import type { LandingContent } from "~/settings/definitions";
import { descriptionClasses, errorClasses, inputClasses, labelClasses } from "~/ui/field-styles";

/**
 * The landing page's content as plain form fields (landing.<path>, read by
 * app/admin/settings-form.server.ts): header, calls to action, feature
 * lists (each with one spare row for a new feature; a row left empty is
 * dropped), pricing and footer texts. Errors arrive keyed
 * "homepage.appearance.<path>".
 */
export function LandingEditor({ content, errors }: { content: LandingContent; errors: Record<string, string[]> }) {
  const t = useTrans();
  const error = (path: string) => {
    const messages = errors[`homepage.appearance.${path}`];
    return messages?.length ? <p className={errorClasses}>{t(messages[0])}</p> : null;
  };
  const text = (path: string, label: string, value: string | number | undefined, options: { multiline?: boolean; type?: string; placeholder?: string } = {}) => (
    <label className="flex flex-col gap-1.5">
      <span className={labelClasses}>{t(label)}</span>
      {options.multiline ? (
        <textarea name={`landing.${path}`} defaultValue={value ?? ""} rows={3} className={inputClasses} />
      ) : (
        <input
          name={`landing.${path}`}
          type={options.type ?? "text"}
          step={options.type === "number" ? "0.05" : undefined}
          defaultValue={value ?? ""}
          placeholder={options.placeholder}
          className={inputClasses}
        />
      )}
      {error(path)}
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-6 border-t border-divider pt-5" data-testid="landing-editor">
      <legend className="text-base font-semibold text-foreground">{t("Landing page content")}</legend>
      <input type="hidden" name="landing.present" value="1" />
      {errors["homepage.appearance"] ? <p className={errorClasses}>{t(errors["homepage.appearance"][0])}</p> : null}
      <div className="grid gap-4 md:grid-cols-2">
        {text("headerTitle", "Header title", content.headerTitle)}
        {text("headerSubtitle", "Header subtitle", content.headerSubtitle, { multiline: true })}
        {text("headerImage", "Header image", content.headerImage, { placeholder: "/files/…" })}
        {text("headerImageOpacity", "Header image opacity (0 to 1)", content.headerImageOpacity, { type: "number" })}
        {text("headerOverlayColor1", "Overlay colour 1", content.headerOverlayColor1)}
        {text("headerOverlayColor2", "Overlay colour 2", content.headerOverlayColor2)}
        <label className="inline-flex items-center gap-2 text-sm md:col-span-2">
          <input type="checkbox" name="landing.blurHeaderImage" defaultChecked={content.blurHeaderImage} className="size-4 accent-(--be-primary)" />
          {t("Blur the header image")}
        </label>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {(["cta1", "cta2", "cta3"] as const).map((cta, index) => (
          <fieldset key={cta} className="flex flex-col gap-2 rounded-theme border border-divider p-3">
            <legend className="px-1 text-sm font-medium">{t("Call to action :number", { number: index + 1 })}</legend>
            {text(`actions.${cta}.label`, "Label", content.actions[cta].label)}
            {text(`actions.${cta}.action`, "Goes to", content.actions[cta].action, { placeholder: "/register" })}
            <label className="flex flex-col gap-1.5">
              <span className={labelClasses}>{t("Kind")}</span>
              <select name={`landing.actions.${cta}.type`} defaultValue={content.actions[cta].type} className={inputClasses}>
                <option value="route">{t("A page of this site")}</option>
                <option value="link">{t("Another site")}</option>
              </select>
            </label>
          </fieldset>
        ))}
      </div>
      {(["primaryFeatures", "secondaryFeatures"] as const).map((list) => (
        <fieldset key={list} className="flex flex-col gap-3">
          <legend className={labelClasses}>{list === "primaryFeatures" ? t("Feature cards") : t("Feature rows")}</legend>
          <input type="hidden" name={`landing.${list}.present`} value="1" />
          <p className={descriptionClasses}>{t("Clear a feature's title and description to remove it; fill in the empty one to add one.")}</p>
          {[...content[list], { title: "", description: "", subtitle: "", image: "" }].map((feature, i) => (
            <div key={i} className="grid gap-2 rounded-theme border border-divider p-3 md:grid-cols-2">
              <input name={`landing.${list}.${i}.title`} defaultValue={feature.title} placeholder={t("Title")} aria-label={t("Title")} className={inputClasses} />
              <input name={`landing.${list}.${i}.subtitle`} defaultValue={feature.subtitle ?? ""} placeholder={t("Subtitle")} aria-label={t("Subtitle")} className={inputClasses} />
              <textarea
                name={`landing.${list}.${i}.description`}
                defaultValue={feature.description}
                placeholder={t("Description")}
                aria-label={t("Description")}
                rows={2}
                className={`${inputClasses} md:col-span-2`}
              />
              <input
                name={`landing.${list}.${i}.image`}
                defaultValue={feature.image ?? ""}
                placeholder={t("Image address (optional)")}
                aria-label={t("Image address")}
                className={`${inputClasses} md:col-span-2`}
              />
              {error(`${list}.${i}.title`)}
              {error(`${list}.${i}.description`)}
            </div>
          ))}
        </fieldset>
      ))}
      <div className="grid gap-4 md:grid-cols-2">
        {text("pricingTitle", "Pricing title", content.pricingTitle)}
        {text("pricingSubtitle", "Pricing subtitle", content.pricingSubtitle)}
        {text("footerTitle", "Footer banner title", content.footerTitle)}
        {text("footerSubtitle", "Footer banner subtitle", content.footerSubtitle)}
        {text("footerImage", "Footer banner image", content.footerImage, { placeholder: "/files/…" })}
      </div>
    </fieldset>
  );
}
