import { Link } from "react-router";
import { useSettings } from "~/ui/use-bootstrap";

/** The site logo: the light or dark image follows the active theme; the name stays readable text. */
export function Logo() {
  const settings = useSettings();
  const { site_name, logo_light, logo_dark } = settings.branding;
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md" aria-label={site_name}>
      <img src={logo_light} alt="" width="32" height="32" className="size-8 dark:hidden" />
      <img src={logo_dark} alt="" width="32" height="32" className="hidden size-8 dark:block" />
      <span className="text-lg font-bold tracking-tight text-foreground">{site_name}</span>
    </Link>
  );
}
