import { Suspense } from "react";
import { useBootstrap } from "~/bootstrap/use-bootstrap";
import { lazyComponent } from "~/ui/lazy-component";

/**
 * The form is lazy (app/ui/lazy-component.ts): the server renders it in
 * place, so it works without JavaScript, and the browser loads its code
 * apart from the shell, only on sites with more than one language.
 */
const LanguagePickerForm = lazyComponent(() => import("./language-picker-form").then((module) => module.default));

/** Footer language picker, when the site offers more than one language. */
export function LanguagePicker() {
  const bootstrap = useBootstrap();
  if (!bootstrap.settings.i18n.enable || bootstrap.localizations.length < 2) return null;
  return (
    <Suspense fallback={null}>
      <LanguagePickerForm />
    </Suspense>
  );
}
