import { accountSettingsEndpoints } from "~/account/api-contract";
import { accountEndpoints } from "~/auth/api-contract";
import { billingEndpoints } from "~/billing/api-contract";
import { bootstrapEndpoints } from "~/bootstrap/api-contract";
import { catalogueEndpoints } from "~/catalogue/api-contract";
import { channelEndpoints } from "~/channels/api-contract";
import { communityEndpoints } from "~/community/api-contract";
import { contactEndpoints } from "~/contact/api-contract";
import { diaryEndpoints } from "~/diary/api-contract";
import { valueListEndpoints } from "~/i18n/api-contract";
import { libraryEndpoints } from "~/library/api-contract";
import { importEndpoints } from "~/imports/api-contract";
import { notificationEndpoints } from "~/notifications/api-contract";
import { listEndpoints } from "~/lists/api-contract";
import { logEndpoints } from "~/observability/api-contract";
import { pagesEndpoints } from "~/pages/api-contract";
import { uploadEndpoints } from "~/uploads/api-contract";
import { workspaceEndpoints } from "~/workspaces/api-contract";
import { socialEndpoints } from "~/social/api-contract";
import type { ApiEndpoint } from "../api/contract";
import { openApiDocumentEndpoint } from "../api/openapi-contract";

/**
 * Every api/v1 endpoint, for the OpenAPI document. A new api/v1 route adds
 * its contract here; app/api/openapi.test.ts fails while a route in
 * app/routes.ts is not described, or a description names no route.
 */
export const apiEndpoints: readonly ApiEndpoint[] = [
  openApiDocumentEndpoint,
  ...bootstrapEndpoints,
  ...catalogueEndpoints,
  ...pagesEndpoints,
  ...channelEndpoints,
  ...valueListEndpoints,
  ...contactEndpoints,
  ...accountEndpoints,
  ...accountSettingsEndpoints,
  ...billingEndpoints,
  ...uploadEndpoints,
  ...logEndpoints,
  ...notificationEndpoints,
  ...workspaceEndpoints,
  ...listEndpoints,
  ...libraryEndpoints,
  ...communityEndpoints,
  ...importEndpoints,
  ...socialEndpoints,
  ...diaryEndpoints,
];
