import { useBootstrap } from "~/ui/use-bootstrap";

/**
 * Whether this page's viewer holds a permission, from the root loader's
 * bootstrap data (the signed-in user's permissions, or the guest role's), so
 * the server-rendered HTML and the hydrated page agree. Hiding a control is a
 * courtesy: the routes behind it check the permission on the server.
 */
export function useHasPermission(name: string): boolean {
  const bootstrap = useBootstrap();
  const permissions = bootstrap.user?.permissions ?? bootstrap.guest_role.permissions;
  return permissions.some((p) => p.name === "admin" || p.name === name);
}
