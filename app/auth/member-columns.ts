import { users } from "./users.tables";

/** What a member's row in a list shows (name, e-mail, avatar): the admin dashboard, user admin and a workspace's members. */
export const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  username: users.username,
  avatar: users.avatar,
};
