import { useState, type ReactNode } from "react";
import { Dialog as AriaDialog, DialogTrigger, Heading, Modal as AriaModal, ModalOverlay, type DialogProps as AriaDialogProps, type ModalOverlayProps } from "react-aria-components";
import { useTrans } from "~/i18n/translation-context";
import { Button } from "./button";
import { CloseIcon } from "./control-icons";
import { AriaScope } from "./aria-provider";

export { DialogTrigger };

export type ModalSize = "sm" | "md" | "lg" | "xl" | "fullscreen";

const widths: Record<ModalSize, string> = {
  sm: "max-w-sm",
  md: "max-w-lg",
  lg: "max-w-2xl",
  xl: "max-w-4xl",
  fullscreen: "max-w-none h-dvh rounded-none",
};

/**
 * A modal window: dims the page, traps focus, closes on Escape (and on an
 * outside click when `isDismissable`). Place it as the second child of a
 * `DialogTrigger`, or control it with `isOpen` / `onOpenChange`.
 */
export function Modal({ size = "md", className = "", children, ...props }: Omit<ModalOverlayProps, "className" | "children"> & { size?: ModalSize; className?: string; children: ReactNode }) {
  return (
    <AriaScope>
      <ModalOverlay {...props} className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-black/50 p-4">
        <AriaModal className={`w-full ${widths[size]} rounded-theme border border-divider bg-elevated text-foreground shadow-2xl outline-none ${className}`}>{children}</AriaModal>
      </ModalOverlay>
    </AriaScope>
  );
}

export interface DialogProps extends Omit<AriaDialogProps, "children" | "className"> {
  title: ReactNode;
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode | ((opts: { close: () => void }) => ReactNode);
  /** Hide the close (X) button, e.g. while something is in progress. */
  hideClose?: boolean;
  className?: string;
}

/** Dialog content with a heading, a close button and an optional footer. */
export function Dialog({ title, children, footer, hideClose = false, className = "", ...props }: DialogProps) {
  const t = useTrans();
  return (
    <AriaDialog {...props} className={`relative flex max-h-[inherit] flex-col outline-none ${className}`}>
      {({ close }) => (
        <>
          <div className="flex items-start gap-4 px-6 pt-5 pb-3">
            <Heading slot="title" className="flex-auto text-lg font-semibold">
              {title}
            </Heading>
            {hideClose ? null : (
              <Button variant="text" color="neutral" size="icon" className="-mr-2 -mt-1 size-8" aria-label={t("Close")} onPress={close}>
                <CloseIcon className="size-5" />
              </Button>
            )}
          </div>
          <div className="min-h-0 flex-auto overflow-y-auto px-6 pb-5 text-sm">{typeof children === "function" ? children({ close }) : children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-divider px-6 py-4">{typeof footer === "function" ? footer({ close }) : footer}</div> : null}
        </>
      )}
    </AriaDialog>
  );
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button, for destructive actions. */
  isDanger?: boolean;
  /** Called on confirm; while its promise runs the button shows progress and the dialog stays open. */
  onConfirm: () => void | Promise<unknown>;
  /** Externally known progress (e.g. a fetcher that is submitting). */
  isPending?: boolean;
}

/**
 * "Are you sure?" for one action. An alert dialog: focus starts on the
 * confirm button, Escape cancels, an outside click does not.
 */
export function ConfirmDialog({ isOpen, onOpenChange, title, body, confirmLabel, cancelLabel, isDanger = false, onConfirm, isPending = false }: ConfirmDialogProps) {
  const t = useTrans();
  const [running, setRunning] = useState(false);
  const busy = running || isPending;
  async function confirm() {
    setRunning(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } finally {
      setRunning(false);
    }
  }
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => (busy ? undefined : onOpenChange(open))} size="sm" isKeyboardDismissDisabled={busy}>
      <Dialog
        role="alertdialog"
        title={title}
        hideClose
        footer={
          <>
            <Button variant="text" color="neutral" onPress={() => onOpenChange(false)} isDisabled={busy}>
              {cancelLabel ?? t("Cancel")}
            </Button>
            <Button autoFocus color={isDanger ? "danger" : "primary"} onPress={confirm} isPending={busy} data-testid="confirm-dialog-confirm">
              {confirmLabel}
            </Button>
          </>
        }
      >
        <div className="text-muted">{body}</div>
      </Dialog>
    </Modal>
  );
}
