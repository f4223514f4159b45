import { normaliseToast, type Toast, type ToastInput } from "./toast";

/**
 * The browser's toast queue. Only one toast shows at a time: a new toast
 * replaces the current one, and a toast with an existing id replaces it in
 * place.
 */
type Listener = () => void;
/** `seq` grows with every show, so a toast replaced under the same id restarts its timer. */
export type ShownToast = Toast & { seq: number };
let current: ShownToast | null = null;
let seq = 0;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export const toastStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => current,
  show(input: ToastInput): string {
    const parsed = normaliseToast(input);
    // Not crypto.randomUUID(): it is missing on plain-http origins other than localhost.
    const id = parsed.id ?? `toast-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    current = { ...parsed, id, seq: ++seq };
    emit();
    return id;
  },
  dismiss(id?: string) {
    if (!current || (id && current.id !== id)) return;
    current = null;
    emit();
  },
};

/** Shows a toast; returns its id. */
export function toast(message: string, options: Omit<ToastInput, "message"> = {}) {
  return toastStore.show({ ...options, message });
}
toast.danger = (message: string, options: Omit<ToastInput, "message" | "type"> = {}) => toastStore.show({ ...options, message, type: "danger" });
toast.loading = (message: string, options: Omit<ToastInput, "message" | "type"> = {}) => toastStore.show({ ...options, message, type: "loading" });
toast.dismiss = (id?: string) => toastStore.dismiss(id);
