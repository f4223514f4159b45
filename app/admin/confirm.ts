/** A destructive action waiting for "yes" (app/admin/confirm.server.ts). */
export interface ConfirmationRequest {
  intent: string;
  ids: number[];
  /** Other fields to post again (e.g. a ban reason). */
  fields: Record<string, string>;
  title: string;
  message: string;
  confirmLabel: string;
}
