/** The user list's sort orders and bulk actions, as the page shows them (shared by the server and the page). */
export const USER_SORTS = { name: "Name A-Z", joined: "Newest first", login: "Last sign-in" } as const;
export type UserSort = keyof typeof USER_SORTS;

export const BULK_USER_ACTIONS = {
  "add-type": "Assign an exam type",
  "remove-type": "Remove an exam type",
  "add-batch": "Add to a batch",
  "remove-batch": "Remove from a batch",
  activate: "Activate",
  deactivate: "Deactivate",
  limit: "Set the global test limit",
  links: "Create sign-in links",
  delete: "Delete",
} as const;
export type BulkUserAction = keyof typeof BULK_USER_ACTIONS;
