/**
 * Navigator rights (issue #23, SPEC.md §6): what an organizer may delegate over one room to a
 * member of its staff. Nothing else is granted by being a navigator.
 * - `welcome`: pin (and edit) the room's welcome comment
 * - `telop`: post and delete the live's telop
 * - `enquete`: start and end votes
 * - `moderate`: mute and block viewers in the room
 * - `stats`: see the live's statistics
 */
export const NAVIGATOR_RIGHTS = ['welcome', 'telop', 'enquete', 'moderate', 'stats'] as const
export type NavigatorRight = (typeof NAVIGATOR_RIGHTS)[number]
