import { useEffect, useMemo, useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTrans } from "~/i18n/translation-context";
import { AriaScope } from "~/ui/aria-provider";
import { Button } from "~/ui/button";
import { CloseIcon } from "~/ui/control-icons";
import type { TraceEntry, TraceFrame } from "../../log/stack-trace";
import type { ShownTrace } from "../../log/debug-trace-store";

function fileOf(frame: TraceFrame) {
  return frame.path.join("/");
}

/** The first frame of our own code (what failed), else the first frame. */
function initialFrame(trace: TraceEntry[]): TraceFrame | null {
  for (const entry of trace) if (!("vendorGroup" in entry)) return entry;
  const first = trace[0];
  return first ? ("vendorGroup" in first ? first.items[0] : first) : null;
}

/**
 * "An error occured" (spelled as the spec has it): exception and message at
 * the top, the stack on the left with library frames grouped ("Expand vendor
 * frames" / "Collapse vendor frames", ":count vendor frames"), the code around
 * the selected frame's line on the right, and "Download log" for admins.
 */
export function ErrorDialog({ trace, onClose }: { trace: ShownTrace; onClose: () => void }) {
  const t = useTrans();
  const [selected, setSelected] = useState<TraceFrame | null>(() => initialFrame(trace.trace));
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  useEffect(() => setSelected(initialFrame(trace.trace)), [trace]);

  const toggle = (index: number) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <AriaScope>
      <ModalOverlay isOpen isDismissable={false} onOpenChange={(open) => !open && onClose()} className="fixed inset-0 z-[200] bg-black/60">
        <Modal className="fixed inset-0 flex outline-none">
          <Dialog className="flex h-dvh w-full flex-col bg-background text-foreground outline-none" data-testid="error-dialog">
            <header className="flex flex-wrap items-start gap-4 border-b border-divider px-6 py-4">
              <div className="min-w-0 flex-1">
                <Heading slot="title" className="text-xl font-semibold">
                  {t("An error occured")}
                </Heading>
                <p className="mt-2 font-mono text-sm text-danger" data-testid="error-exception">
                  {trace.exception}
                </p>
                <p className="mt-1 text-lg break-words" data-testid="error-message">
                  {trace.message}
                </p>
                {trace.request_id ? <p className="mt-1 font-mono text-xs text-muted">{t("Request id: :id", { id: trace.request_id })}</p> : null}
              </div>
              <div className="flex items-center gap-2">
                {trace.action ? (
                  <a
                    href={trace.action.url}
                    download
                    className="rounded-theme border border-divider px-4 py-2 text-sm font-semibold hover:bg-foreground/5 focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none"
                    data-testid="download-log"
                  >
                    {t("Download log")}
                  </a>
                ) : null}
                <Button variant="text" color="neutral" size="icon" onPress={onClose} aria-label={t("Close")}>
                  <CloseIcon className="size-5" />
                </Button>
              </div>
            </header>
            <div className="flex min-h-0 flex-1 flex-col md:flex-row">
              <nav aria-label={t("Stack frames")} className="max-h-[40dvh] shrink-0 overflow-y-auto border-b border-divider md:max-h-none md:w-96 md:border-r md:border-b-0">
                <ol className="py-2" data-testid="error-frames">
                  {trace.trace.map((entry, index) =>
                    "vendorGroup" in entry ? (
                      <li key={`group-${index}`} data-testid="vendor-group">
                        <div className="flex items-center justify-between gap-2 px-4 py-2 text-xs text-muted">
                          <span>{t(":count vendor [one frame|other frames]", { count: entry.items.length })}</span>
                          <button type="button" className="font-semibold text-primary hover:underline" onClick={() => toggle(index)} aria-expanded={expanded.has(index)}>
                            {expanded.has(index) ? t("Collapse vendor frames") : t("Expand vendor frames")}
                          </button>
                        </div>
                        {expanded.has(index) ? (
                          <ol>
                            {entry.items.map((frame) => (
                              <FrameItem key={frame.flatIndex} frame={frame} selected={selected?.flatIndex === frame.flatIndex} onSelect={setSelected} />
                            ))}
                          </ol>
                        ) : null}
                      </li>
                    ) : (
                      <FrameItem key={entry.flatIndex} frame={entry} selected={selected?.flatIndex === entry.flatIndex} onSelect={setSelected} />
                    ),
                  )}
                </ol>
              </nav>
              <section className="min-h-0 min-w-0 flex-1 overflow-auto" aria-label={t("Code")}>
                {selected ? <CodePane frame={selected} /> : null}
              </section>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaScope>
  );
}

function FrameItem({ frame, selected, onSelect }: { frame: TraceFrame; selected: boolean; onSelect: (frame: TraceFrame) => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(frame)}
        aria-current={selected ? "true" : undefined}
        data-testid="error-frame"
        data-vendor={frame.vendor ? "true" : undefined}
        className={`block w-full px-4 py-2 text-left text-sm hover:bg-foreground/5 focus-visible:bg-foreground/5 focus-visible:outline-none ${selected ? "bg-primary/10 font-semibold" : ""}`}
      >
        <span className="block truncate font-mono">{frame.method}</span>
        <span className="block truncate text-xs text-muted">
          {fileOf(frame)}:{frame.lineNumber}
        </span>
      </button>
    </li>
  );
}

function CodePane({ frame }: { frame: TraceFrame }) {
  const t = useTrans();
  const lines = useMemo(() => Object.entries(frame.codeSnippet).map(([number, code]) => [Number(number), code] as const), [frame]);
  return (
    <div data-testid="error-code">
      <p className="sticky top-0 border-b border-divider bg-background px-4 py-2 font-mono text-sm">
        {fileOf(frame)}:{frame.lineNumber}
      </p>
      {lines.length ? (
        <pre className="py-2 font-mono text-sm leading-6">
          {lines.map(([number, code]) => (
            <div key={number} data-line={number} data-failing={number === frame.lineNumber ? "true" : undefined} className={`flex ${number === frame.lineNumber ? "bg-danger/15" : ""}`}>
              <span className="w-14 shrink-0 pr-4 text-right text-muted select-none">{number}</span>
              <code className="whitespace-pre">{code}</code>
            </div>
          ))}
        </pre>
      ) : (
        <p className="px-4 py-6 text-muted">{t("No source available for this frame.")}</p>
      )}
    </div>
  );
}
