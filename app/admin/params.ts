import { data } from "react-router";

/** A numeric id from the address (":titleId"), or the 404 page for anything else. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}
