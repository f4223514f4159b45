import { useTrans } from "~/i18n/translation-context";
import { titlePath } from "~/http/slug";
import { buttonClasses } from "~/ui/button-styles";
import { AdminPageHeader, Badge, LinkTabs } from "./page";

/** The title editor's heading and its sections (each its own route). */
export function TitleEditorHeader({
  title,
  current,
  actions,
}: {
  title: { id: number; name: string; slug: string; type: "movie" | "series" };
  current: "details" | "images" | "videos" | "seasons" | "credits";
  actions?: React.ReactNode;
}) {
  const t = useTrans();
  const base = `/admin/titles/${title.id}`;
  const tabs = [
    { id: "details", label: "Details", to: base },
    { id: "images", label: "Images", to: `${base}/images` },
    { id: "videos", label: "Videos", to: `${base}/videos` },
    ...(title.type === "series" ? [{ id: "seasons", label: "Seasons and episodes", to: `${base}/seasons` }] : []),
    { id: "credits", label: "Cast and crew", to: `${base}/credits` },
  ];
  return (
    <>
      <AdminPageHeader
        back={{ to: "/admin/titles", label: "Titles" }}
        title={
          <span className="flex items-center gap-3">
            {title.name} <Badge tone={title.type === "series" ? "primary" : "neutral"}>{title.type === "series" ? t("Series") : t("Movie")}</Badge>
          </span>
        }
        actions={
          <>
            <a href={titlePath(title)} target="_blank" rel="noreferrer" className={buttonClasses({ variant: "outlined", color: "neutral" })}>
              {t("View on site")}
            </a>
            {actions}
          </>
        }
      />
      <LinkTabs tabs={tabs} current={current} />
    </>
  );
}
