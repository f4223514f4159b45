import type { Route } from "./+types/home";
import { getApp } from "~/request/context";
import { Link } from "react-router";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

export function loader({ context }: Route.LoaderArgs) {
  const { settings } = getApp(context);
  return {
    title: settings["branding.site_name"],
    description: settings["branding.site_description"],
    landing: settings["homepage.appearance"],
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { landing } = loaderData;
  return (
    <section className="relative isolate overflow-hidden bg-slate-950 text-white">
      <img src={landing.headerImage} alt="" className="absolute inset-0 -z-10 size-full object-cover" style={{ opacity: landing.headerImageOpacity }} />
      <div
        className="absolute inset-0 -z-10"
        style={{ backgroundImage: `linear-gradient(135deg, ${landing.headerOverlayColor1}, ${landing.headerOverlayColor2})` }}
      />
      <div className="mx-auto max-w-4xl px-4 py-28 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{landing.headerTitle}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-white/80">{landing.headerSubtitle}</p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <Link to={landing.actions.cta1.action} className="rounded-md bg-primary px-6 py-3 font-semibold text-on-primary">
            {landing.actions.cta1.label}
          </Link>
          <Link to={landing.actions.cta2.action} className="rounded-md border border-white/40 px-6 py-3 font-semibold">
            {landing.actions.cta2.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
