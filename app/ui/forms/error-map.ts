import type { $ZodErrorMap, $ZodRawIssue } from "zod/v4/core";
import type { Translate } from "~/i18n/translate";

/**
 * Friendly, translated messages for the zod issues forms meet, so schemas
 * need no message of their own for the common rules (the form kit:
 * required, min, max, minLength, maxLength, pattern). A message written in
 * a schema still wins; it is an English key that the field translates.
 *
 * Used on both sides: parseWithZod(..., { error: formErrorMap(t) }).
 */
export function formErrorMap(t: Translate): $ZodErrorMap {
  return (issue) => messageFor(issue, t) ?? undefined;
}

function messageFor(issue: $ZodRawIssue, t: Translate): string | null {
  switch (issue.code) {
    case "invalid_type":
      // Conform strips empty fields, so a missing value means "left empty".
      if (issue.input === undefined || issue.input === null || issue.input === "") return t("This field is required.");
      if (issue.expected === "number" || issue.expected === "int") return t("Enter a number.");
      if (issue.expected === "date") return t("Enter a valid date.");
      return t("This value is not valid.");
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") {
        if (min <= 1) return t("This field is required.");
        return issue.exact ? t("Must be exactly :count characters.", { count: min }) : t("Must be at least :count characters.", { count: min });
      }
      if (issue.origin === "array" || issue.origin === "set") {
        return min <= 1 ? t("Choose at least one.") : t("Choose at least :count.", { count: min });
      }
      if (issue.origin === "number" || issue.origin === "int") {
        return issue.inclusive === false ? t("Must be greater than :min.", { min }) : t("Must be at least :min.", { min });
      }
      return null;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") {
        return issue.exact ? t("Must be exactly :count characters.", { count: max }) : t("Must be at most :count characters.", { count: max });
      }
      if (issue.origin === "array" || issue.origin === "set") return t("Choose at most :count.", { count: max });
      if (issue.origin === "number" || issue.origin === "int") {
        return issue.inclusive === false ? t("Must be less than :max.", { max }) : t("Must be at most :max.", { max });
      }
      if (issue.origin === "file") return t("This file is too large.");
      return null;
    }
    case "invalid_format":
      if (issue.format === "email") return t("Enter a valid email address.");
      if (issue.format === "url") return t("Enter a valid URL.");
      return t("This value is not in the right format.");
    case "invalid_value":
      return t("Choose one of the available options.");
    default:
      return null;
  }
}
