/**
 * The permission check of spec §6: access is granted when the user's list is empty or contains
 * `all`, or shares any entry with the required list. An undefined required list denies.
 */
export function hasPermission(
  userPermissions: readonly string[],
  required: readonly string[] | undefined,
): boolean {
  if (required === undefined) return false;
  if (userPermissions.length === 0 || userPermissions.includes('all')) return true;
  return required.some((permission) => userPermissions.includes(permission));
}
