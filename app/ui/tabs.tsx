import { Tab as AriaTab, TabList as AriaTabList, TabPanel as AriaTabPanel, Tabs as AriaTabs, type TabListProps, type TabPanelProps, type TabProps, type TabsProps } from "react-aria-components";
import { AriaScope } from "./aria-provider";

export function Tabs(props: TabsProps) {
  return (
    <AriaScope>
      <AriaTabs {...props} />
    </AriaScope>
  );
}

/** Tabs with arrow-key navigation. Put `Tab`s in a `TabList` and one `TabPanel` per tab, ids matching. */
export function TabList<T extends object>({ className = "", ...props }: Omit<TabListProps<T>, "className"> & { className?: string }) {
  return <AriaTabList {...props} className={`flex gap-1 border-b border-divider ${className}`} />;
}

export function Tab({ className = "", ...props }: Omit<TabProps, "className"> & { className?: string }) {
  return (
    <AriaTab
      {...props}
      className={`-mb-px cursor-default border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted outline-none hover:text-foreground data-[selected]:border-primary data-[selected]:text-foreground data-[focus-visible]:ring-2 data-[focus-visible]:ring-focus ${className}`}
    />
  );
}

export function TabPanel({ className = "", ...props }: Omit<TabPanelProps, "className"> & { className?: string }) {
  return <AriaTabPanel {...props} className={`pt-4 outline-none ${className}`} />;
}
